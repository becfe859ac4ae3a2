export const id = 423;
export const ids = [423];
export const modules = {

/***/ 7423:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  authorizationHeader: () => (/* reexport */ ledgerRepository/* authorizationHeader */.bc),
  openDeps: () => (/* binding */ openDeps),
  systemClock: () => (/* binding */ systemClock)
});

;// CONCATENATED MODULE: ./src/github/octokit.ts
/**
 * Loaded on use, never at start-up: `@actions/github` parses GITHUB_EVENT_PATH when it is
 * imported, which would turn a malformed event into a raw JSON error before the action's own
 * loader could name the problem and its fix.
 */
async function loadOctokit(options) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    const baseUrl = (options.apiUrl || 'https://api.github.com').replace(/\/+$/, '');
    return getOctokit(options.token, { baseUrl });
}

// EXTERNAL MODULE: ./src/github/operatorApi.ts
var operatorApi = __webpack_require__(6527);
;// CONCATENATED MODULE: ./src/github/answers.ts
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : null;
}
/** 404 → absent (null); any other failure → the lookup failed (never "absent"). */
async function lookupOf(fn) {
    try {
        return { ok: true, value: await fn() };
    }
    catch (error) {
        if (statusOf(error) === 404)
            return { ok: true, value: null };
        return { ok: false, detail: describe(error) };
    }
}
/** A listing: every failure, 404 included, is a lookup that learnt nothing. */
async function listingOf(fn) {
    try {
        return { ok: true, value: await fn() };
    }
    catch (error) {
        return { ok: false, detail: describe(error) };
    }
}
/**
 * Only an answer GitHub gave is definite. A 422 that is the fence says one exists; other
 * 4xx (400, 401, 403, 404, 409, 422) refuse; anything else — 5xx, 429, a timeout, a dropped
 * connection (octokit reports those as status 500 with no response) — may have created it.
 */
function classifyCreateError(error, rules) {
    const status = statusOf(error);
    const detail = describe(error);
    const response = error?.response;
    if (status === 422 && response && rules.fence(response.data))
        return { kind: 'already_exists', detail };
    if (status !== null && response && [400, 401, 403, 404, 409, 422].includes(status))
        return {
            kind: 'refused',
            status,
            detail: status === 403 ? `${detail} (the token needs ${rules.permission})` : detail
        };
    return { kind: 'ambiguous', detail };
}
function errorsOf(data) {
    const errors = data?.errors;
    return Array.isArray(errors) ? errors : [];
}
/** A release's fence: 422 `already_exists` (one published release per tag). */
function isAlreadyExists(data) {
    return errorsOf(data).some(e => e?.code === 'already_exists');
}
/**
 * A pull request's fence: GitHub refuses a second open pull request for one head and base with
 * a 422 whose error is `code: custom`, "A pull request already exists for <owner>:<head>."
 * Other 422s (no commits between the branches, a missing head) are definite refusals.
 */
function isPullAlreadyOpen(data) {
    return errorsOf(data).some(e => {
        const entry = e;
        return (entry?.code === 'custom' &&
            typeof entry.message === 'string' &&
            entry.message.startsWith('A pull request already exists for '));
    });
}
/** The status and GitHub's message, never a body verbatim (it could echo a token). */
function describe(error) {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const safe = (message ?? '').replace(/gh[pousr]_[A-Za-z0-9]{20,}/g, '***').slice(0, 300);
    return status !== null ? `HTTP ${status}: ${safe}` : safe;
}

;// CONCATENATED MODULE: ./src/github/releases.ts

class GitHubReleases {
    github;
    constructor(github) {
        this.github = github;
    }
    client() {
        return this.github.client();
    }
    where() {
        return this.github.where();
    }
    signal(factor = 1) {
        return this.github.signal(factor);
    }
    async create(request) {
        // Outside the try: failing to load the client sent nothing, so it is no ambiguous create.
        const octokit = await this.client();
        try {
            const { data } = await octokit.rest.repos.createRelease({
                ...this.where(),
                ...request,
                request: { signal: this.signal() }
            });
            return { kind: 'created', release: view(data) };
        }
        catch (error) {
            return classifyCreateError(error, { fence: isAlreadyExists, permission: 'contents: write' });
        }
    }
    get(id) {
        return this.lookup(async () => {
            const octokit = await this.client();
            const { data } = await octokit.rest.repos.getRelease({
                ...this.where(),
                release_id: id,
                request: { signal: this.signal() }
            });
            return view(data);
        });
    }
    byTag(tag) {
        return this.lookup(async () => {
            const octokit = await this.client();
            const { data } = await octokit.rest.repos.getReleaseByTag({
                ...this.where(),
                tag,
                request: { signal: this.signal() }
            });
            return view(data);
        });
    }
    /** Every page: a lookup that stopped early would read "absent" into a partial list. */
    listAll() {
        return this.lookup(async () => {
            const octokit = await this.client();
            const all = await octokit.paginate(octokit.rest.repos.listReleases, {
                ...this.where(),
                per_page: 100,
                // Every page within one bound: four requests' worth.
                request: { signal: this.signal(4) }
            });
            return all.map(view);
        });
    }
    lookup(fn) {
        return lookupOf(fn);
    }
}
function view(data) {
    return {
        id: data.id,
        tag_name: data.tag_name,
        name: data.name,
        body: data.body ?? null,
        draft: data.draft,
        prerelease: data.prerelease,
        html_url: data.html_url
    };
}

// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/writer.ts
var writer = __webpack_require__(7416);
;// CONCATENATED MODULE: ./src/github/repository.ts


/**
 * GITHUB_REPOSITORY (`owner/name`) as the REST API's owner and repo: the one parser every
 * GitHub call goes through, so every command names a bad value the same way.
 */
function parseRepository(text) {
    const match = /^([^/\s]+)\/([^/\s]+)$/.exec(text ?? '');
    if (!match)
        throw new errors/* InvalidInput */.o9(`GITHUB_REPOSITORY is ${JSON.stringify(text ?? '')}, not owner/name, so there is no ` +
            'repository to call the GitHub API on. The runner sets it: run inside a workflow.');
    return { owner: match[1], repo: match[2] };
}
/** A workflow run's web address on `serverUrl` (GITHUB_SERVER_URL), as GitHub forms it. */
function runUrlFor(serverUrl, repository) {
    return id => (0,writer/* actionsRunUrl */.Ig)(serverUrl, repository, id);
}

;// CONCATENATED MODULE: ./src/github/rest.ts
/**
 * One REST request with the platform's `fetch`, for the gateway's hot path (a workflow
 * dispatch, a re-run, a workflow run's lookup). Loading octokit costs a dispatch step more
 * than its POST does (bench B8), and for these three routes it adds nothing the send protocol
 * needs: the request is sent once (no retry here either), bounded by the caller's signal, and
 * answered as what was observed, classified by the core. Octokit stays for the paginated
 * and typed calls (releases, agent writes, the operator's), and for every call when a proxy is
 * configured, which `@actions/github` honours and the platform's `fetch` does not by default.
 */
const USER_AGENT = 'dispatch-ledger';
/** Sends one request; throws only when no status came back (network, timeout). */
async function restRequest(request) {
    const { method, url, body } = expandRoute(request.route, request.parameters, request.baseUrl);
    const headers = {
        accept: 'application/vnd.github+json',
        'user-agent': USER_AGENT
    };
    if (request.token !== '')
        headers.authorization = `token ${request.token}`;
    if (body !== undefined)
        headers['content-type'] = 'application/json; charset=utf-8';
    const response = await fetch(url, { method, headers, body, signal: request.signal });
    return { status: response.status, body: await readBody(response) };
}
/**
 * The route's method and URL with its `{name}` parameters filled (each one path segment,
 * encoded), and the parameters left over as the query of a GET or the JSON body of the rest.
 */
function expandRoute(route, parameters, baseUrl) {
    const [method, template] = route.split(' ', 2);
    if (!method || !template)
        throw new Error(`not a route: ${route}`);
    const rest = { ...parameters };
    const path = template.replace(/\{(\w+)\}/g, (_, name) => {
        const value = rest[name];
        if (value === undefined || value === null)
            throw new Error(`${route}: ${name} is missing`);
        delete rest[name];
        return encodeURIComponent(String(value));
    });
    const url = new URL(baseUrl.replace(/\/+$/, '') + path);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    if (!hasBody)
        for (const [name, value] of Object.entries(rest))
            if (value !== undefined)
                url.searchParams.set(name, String(value));
    const body = hasBody && Object.keys(rest).length > 0 ? JSON.stringify(rest) : undefined;
    return { method, url: url.toString(), body };
}
/**
 * The body as octokit gives it: JSON parsed when it says it is JSON, else its text, and
 * nothing for an empty body. A body cut after its status line keeps the status (GitHub
 * answered; what it created is looked up later) with a null body.
 */
async function readBody(response) {
    let text;
    try {
        text = await response.text();
    }
    catch {
        return null;
    }
    if (text === '')
        return undefined;
    if (!/\bjson\b/i.test(response.headers.get('content-type') ?? ''))
        return text;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/**
 * Whether a proxy is configured for the runner (the variables `@actions/http-client` reads):
 * then every call goes through octokit, which routes it there.
 */
function proxyConfigured(env) {
    return ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'].some(name => (env[name] ?? '') !== '');
}

;// CONCATENATED MODULE: ./src/github/writes.ts

/** Creates that have no fence: a 422 is always a refusal. */
const NO_FENCE = { fence: () => false, permission: 'issues: write' };
const PULL_FENCE = {
    fence: isPullAlreadyOpen,
    permission: 'pull-requests: write'
};
/** Every page of a listing within one bound: this many requests' worth. */
const LISTING_FACTOR = 4;
class GitHubWrites {
    github;
    constructor(github) {
        this.github = github;
    }
    get owner() {
        return this.github.where().owner;
    }
    createPull(request) {
        return this.create(PULL_FENCE, async (octokit, signal) => {
            const { data } = await octokit.rest.pulls.create({
                ...this.github.where(),
                ...request,
                request: { signal }
            });
            return pullView(data);
        });
    }
    listPulls(head, base) {
        return listingOf(async () => {
            const octokit = await this.github.client();
            const all = await octokit.paginate(octokit.rest.pulls.list, {
                ...this.github.where(),
                head: head.includes(':') ? head : `${this.owner}:${head}`,
                base,
                state: 'all',
                per_page: 100,
                request: { signal: this.github.signal(LISTING_FACTOR) }
            });
            return all.map(pullView);
        });
    }
    createComment(issueNumber, body) {
        return this.create(NO_FENCE, async (octokit, signal) => {
            const { data } = await octokit.rest.issues.createComment({
                ...this.github.where(),
                issue_number: issueNumber,
                body,
                request: { signal }
            });
            return commentView(data);
        });
    }
    listComments(issueNumber, since) {
        return listingOf(async () => {
            const octokit = await this.github.client();
            const all = await octokit.paginate(octokit.rest.issues.listComments, {
                ...this.github.where(),
                issue_number: issueNumber,
                since,
                per_page: 100,
                request: { signal: this.github.signal(LISTING_FACTOR) }
            });
            return all.map(commentView);
        });
    }
    createIssue(request) {
        return this.create(NO_FENCE, async (octokit, signal) => {
            const { data } = await octokit.rest.issues.create({
                ...this.github.where(),
                title: request.title,
                body: request.body,
                labels: [...request.labels],
                request: { signal }
            });
            return issueView(data);
        });
    }
    listIssues(since) {
        return listingOf(async () => {
            const octokit = await this.github.client();
            const all = await octokit.paginate(octokit.rest.issues.listForRepo, {
                ...this.github.where(),
                // The default is open issues only: a closed one of ours must still be found.
                state: 'all',
                since,
                per_page: 100,
                request: { signal: this.github.signal(LISTING_FACTOR) }
            });
            // The issue list includes pull requests; they are never an issue of ours.
            return all.filter(item => !item.pull_request).map(issueView);
        });
    }
    async create(rules, fn) {
        // Outside the try: failing to load the client sent nothing, so it is no ambiguous create.
        const octokit = await this.github.client();
        try {
            return { kind: 'created', view: await fn(octokit, this.github.signal()) };
        }
        catch (error) {
            return classifyCreateError(error, rules);
        }
    }
}
function pullView(data) {
    return {
        id: data.id,
        number: data.number,
        html_url: data.html_url,
        body: data.body ?? null,
        title: data.title,
        open: data.state === 'open',
        head: data.head.label,
        base: data.base.ref,
        draft: data.draft ?? false,
        labels: null
    };
}
function commentView(data) {
    return {
        id: data.id,
        number: null,
        html_url: data.html_url,
        body: data.body ?? null,
        title: null,
        open: true,
        head: null,
        base: null,
        draft: null,
        labels: null
    };
}
function issueView(data) {
    return {
        id: data.id,
        number: data.number,
        html_url: data.html_url,
        body: data.body ?? null,
        title: data.title,
        open: data.state === 'open',
        head: null,
        base: null,
        draft: null,
        labels: data.labels.map(label => (typeof label === 'string' ? label : (label.name ?? '')))
    };
}

;// CONCATENATED MODULE: ./src/github/gateway.ts






class GitHubGateway {
    options;
    octokit = null;
    repository = null;
    constructor(options) {
        this.options = options;
    }
    /** Whether a token was given: commands that can go on without GitHub ask this first. */
    get hasToken() {
        return this.options.token !== '';
    }
    /** The bound on one request (timeout-seconds), in milliseconds. */
    get timeoutMs() {
        return this.options.timeoutSeconds * 1000;
    }
    /** `owner/name`, checked: a command that must call GitHub fails here with the fix. */
    get repositoryName() {
        const { owner, repo } = this.where();
        return `${owner}/${repo}`;
    }
    /** A workflow run's web address, as GitHub forms it; null when GITHUB_REPOSITORY is unset. */
    get runUrl() {
        const repository = this.options.repository;
        return repository ? runUrlFor(this.options.serverUrl, repository) : null;
    }
    client() {
        this.octokit ??= loadOctokit({ token: this.options.token, apiUrl: this.options.apiUrl });
        return this.octokit;
    }
    where() {
        this.repository ??= parseRepository(this.options.repository);
        return this.repository;
    }
    signal(factor = 1) {
        return AbortSignal.timeout(this.options.timeoutSeconds * 1000 * factor);
    }
    /** POST …/actions/workflows/{workflow}/dispatches with return_run_details. */
    dispatchWorkflow(dispatch) {
        return this.observe('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
            workflow_id: dispatch.workflow,
            ref: dispatch.ref,
            inputs: { ...dispatch.inputs },
            return_run_details: true
        });
    }
    /** POST …/actions/runs/{run_id}/rerun-failed-jobs. */
    rerunFailedJobs(runId) {
        return this.observe('POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs', {
            run_id: runId
        });
    }
    /** GET …/actions/runs/{run_id}: a receiver's status and conclusion (observers; needs actions: read). */
    getWorkflowRun(runId) {
        return this.observe('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { run_id: runId });
    }
    /** The calls of the operate command: permission, reaction, reply, cancel. */
    operator() {
        return (0,operatorApi/* octokitOperatorApi */.C)(this);
    }
    /** The release calls of the effect protocol. */
    releases() {
        return new GitHubReleases(this);
    }
    /** The pull request, comment and issue calls of the effect protocol. */
    writes() {
        return new GitHubWrites(this);
    }
    /**
     * One request, reported as what was observed (status and body, or that no answer came),
     * never thrown for an HTTP status; nothing it returns contains the token.
     */
    async observe(route, parameters) {
        const where = this.where();
        try {
            if (!this.options.proxied) {
                const answer = await restRequest({
                    route,
                    parameters: { ...where, ...parameters },
                    token: this.options.token,
                    baseUrl: this.options.apiUrl || 'https://api.github.com',
                    signal: this.signal()
                });
                return { status: answer.status, body: this.scrub(answer.body) };
            }
            const octokit = await this.client();
            const response = await octokit.request(route, {
                ...where,
                ...parameters,
                request: { signal: this.signal() }
            });
            return { status: response.status, body: response.data };
        }
        catch (error) {
            const status = error.status;
            if (typeof status === 'number' && status >= 400) {
                const data = error.response?.data;
                return { status, body: this.scrub(data) };
            }
            return { error: this.scrub(describeError(error)) };
        }
    }
    /** The token never leaves the gateway: not in an error text, not in a body we keep. */
    scrub(value) {
        const token = this.options.token;
        if (!token)
            return value;
        if (typeof value === 'string')
            return value.split(token).join('***');
        if (value === undefined)
            return value;
        try {
            return JSON.parse(JSON.stringify(value).split(token).join('***'));
        }
        catch {
            return null;
        }
    }
}
function describeError(error) {
    if (!(error instanceof Error))
        return String(error);
    if (error.name === 'TimeoutError' || error.name === 'AbortError')
        return 'timed out (timeout-seconds)';
    const cause = error.cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.message}${detail}`;
}

// EXTERNAL MODULE: ./src/store/ledgerRepository.ts + 2 modules
var ledgerRepository = __webpack_require__(7003);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/core/refusal.ts
/**
 * What to say when the origin refuses this job its refs: the cause git's own line does not
 * name, and the fix for it. Three causes are told apart, because their fixes differ: no
 * credentials at all (a checkout that did not persist its token), a fork's pull request (whose
 * token is read-only whatever the workflow asks), and a token without the permission.
 */
/** The pull request events whose run, for a fork's pull request, gets a read-only token. */
const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_review', 'pull_request_review_comment'];
/**
 * The fork (`owner/name`) a pull request event comes from, or null when the run is not a
 * fork's pull request (pull_request_target runs in the base repository with its token).
 */
function forkOf(eventName, payload, repository) {
    if (!PULL_REQUEST_EVENTS.includes(eventName))
        return null;
    const head = payload?.pull_request
        ?.head?.repo;
    if (head === undefined)
        return null;
    // A fork deleted since the pull request was opened has no repository any more.
    const name = typeof head?.full_name === 'string' ? head.full_name : '(a deleted fork)';
    return name !== repository || head?.fork === true ? name : null;
}
/** git asked for a username or password, which means it was given no credentials. */
function isMissingCredentials(said) {
    return /could not read (username|password)|terminal prompts disabled|authentication required|\b401\b/i.test(said);
}
function originRefusal(options) {
    const { remote, access, said, fork } = options;
    const nothing = 'Nothing was admitted or recorded.';
    if (isMissingCredentials(said))
        return (`The remote ${remote} asked this job for credentials and it has none (${said}). ${nothing} ` +
            'The checkout did not keep its token for git, as actions/checkout with ' +
            '`persist-credentials: false` does: remove `persist-credentials: false` from the checkout ' +
            'step (the default keeps the job token for git), or keep the ledger in a repository of its ' +
            'own (`ledger-repository` with a `ledger-token`).');
    if (fork !== null && access === 'write')
        return (`The remote ${remote} refused to let this job write refs (${said}). ${nothing} This run is ` +
            `for a pull request from the fork ${fork}: GitHub gives it a read-only token whatever ` +
            '`permissions:` says, and a fork cannot grant `contents: write`. Run the ledger step in the ' +
            "base repository instead, on an event with a write token that does not run the fork's " +
            'code (`pull_request_target` with the `labeled` type, `issue_comment`, or `workflow_run` ' +
            'after this workflow), checking out the base branch only.');
    return (`The remote ${remote} refused to let this job ${access} refs (${said}). ${nothing} Give the ` +
        `workflow \`permissions: contents: ${access}\` (and check out with credentials persisted, as ` +
        'actions/checkout does by default).');
}

// EXTERNAL MODULE: ./src/core/index/layout.ts
var layout = __webpack_require__(5860);
// EXTERNAL MODULE: ./src/store/git.ts
var store_git = __webpack_require__(4525);
// EXTERNAL MODULE: ./src/store/localStore.ts
var localStore = __webpack_require__(281);
// EXTERNAL MODULE: ./src/store/remoteStore.ts
var remoteStore = __webpack_require__(7994);
;// CONCATENATED MODULE: ./src/store/openStore.ts









/**
 * The store the inputs ask for. `auto`: inside GitHub Actions every job is a fresh machine,
 * so only the remote can arbitrate between runs — use origin. Without an origin there is no
 * arbiter, and the step fails rather than admit into the runner's own disposable clone (a
 * local store there decides nothing between runs, so exactly-once would be off while the step
 * said it was on); `remote: none` is the explicit choice of that store. Under act (ACT=true)
 * or outside Actions the local repository decides.
 */
async function openStore(options) {
    if (options.ledger)
        return (0,ledgerRepository/* openLedgerStore */.vX)(options.ledger, {
            env: options.env,
            layout: layoutOf(options),
            code: await codeCheckout(options)
        });
    const path = (0,external_node_path_.resolve)(options.repositoryPath || options.env.GITHUB_WORKSPACE || process.cwd());
    const info = await (0,promises_.stat)(path).catch(() => null);
    if (!info?.isDirectory())
        throw new errors/* InvalidInput */.o9(`The repository path ${path} is not a directory. Check the repository out first ` +
            '(actions/checkout) or set repository-path.');
    const layout = layoutOf(options);
    const git = new store_git/* Git */.TU(path, options.env);
    const remote = options.remote.trim();
    if (remote === 'none')
        return new localStore/* LocalStore */.V(git, layout);
    if (remote === 'auto') {
        if (options.env.ACT === 'true' || options.env.GITHUB_ACTIONS !== 'true')
            return new localStore/* LocalStore */.V(git, layout);
        if (await git.hasRemote('origin'))
            return new remoteStore/* RemoteStore */.q(git, 'origin', {
                ...layout,
                ...(await refusalOf('origin', options.env))
            });
        // Not a repository at all is the truer message (git's own, naming actions/checkout).
        await git.ok(['rev-parse', '--git-dir']);
        throw new errors/* InvalidInput */.o9(`remote: auto: the repository at ${path} has no origin remote, and inside GitHub Actions a local store ` +
            'decides nothing between runs: each job runs on a fresh machine, so a second run would ' +
            'admit the same key again. Check the repository out with actions/checkout (which sets ' +
            'origin), name another remote, or set remote: none to choose a local store that gives ' +
            'no exactly-once between runs. Nothing was admitted.');
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(remote))
        throw new errors/* InvalidInput */.o9(`The remote input ${JSON.stringify(remote)} is not auto, none or a remote name.`);
    if (!(await git.hasRemote(remote)))
        throw new errors/* InvalidInput */.o9(`The repository at ${path} has no remote named ${remote}. Use remote: auto, remote: none, ` +
            'or the name of a configured remote.');
    return new remoteStore/* RemoteStore */.q(git, remote, { ...layout, ...(await refusalOf(remote, options.env)) });
}
/**
 * How a refusal by the remote is said: naming the cause (no credentials, a fork's read-only
 * token, a missing permission) from the event the step runs on.
 */
async function refusalOf(remote, env) {
    const eventName = env.GITHUB_EVENT_NAME ?? '';
    const payload = env.GITHUB_EVENT_PATH && eventName.startsWith('pull_request')
        ? await (0,promises_.readFile)(env.GITHUB_EVENT_PATH, 'utf8')
            .then(text => JSON.parse(text))
            .catch(() => null)
        : null;
    const fork = forkOf(eventName, payload, env.GITHUB_REPOSITORY ?? '');
    return {
        refusal: (access, said) => new errors/* StoreError */.AD(originRefusal({ remote, access, said, fork }))
    };
}
/** The store settings every step gives, parsed (a bad value is an input error, nothing read). */
function layoutOf(options) {
    return {
        archiveAfterSeconds: (0,layout/* parseArchiveAfter */.CY)(options.archiveAfter ?? ''),
        retentionDays: (0,layout/* parseRetentionDays */.l6)(options.retentionDays ?? ''),
        warn: options.warn
    };
}
/**
 * With a ledger repository the step needs no checkout; when it has one with an origin, that is
 * where effect's tags go (found from the config file, no process, in the usual layouts).
 */
async function codeCheckout(options) {
    const path = (0,external_node_path_.resolve)(options.repositoryPath || options.env.GITHUB_WORKSPACE || process.cwd());
    // No `.git` there: no checkout, and no git process spent finding that out.
    if (!(await (0,promises_.stat)((0,external_node_path_.join)(path, '.git')).catch(() => null)))
        return null;
    const git = new store_git/* Git */.TU(path, options.env);
    return (await git.hasRemote('origin').catch(() => false)) ? git : null;
}

;// CONCATENATED MODULE: ./src/commands/deps.ts
/**
 * The one command contract (docs/development.md#code-map): every command is
 * `<command>(input, deps)` — plain values in, a result out — and `deps` is the same three
 * things for all of them: the store its chains live in, the clock it dates records by, and the
 * one GitHub gateway.
 */


// The composition root masks what git will be sent, and names the ledger repository's shape.


/** The machine's clock. */
const systemClock = { now: () => new Date() };
/**
 * Opens the store the inputs ask for (store/openStore.ts) and builds the one GitHub gateway,
 * from plain values. The gateway loads octokit and reads GITHUB_REPOSITORY only when a command
 * makes its first call.
 */
async function openDeps(options) {
    const { env } = options;
    const store = await openStore({
        repositoryPath: options.repositoryPath,
        remote: options.remote,
        archiveAfter: options.archiveAfter ?? '',
        retentionDays: options.retentionDays ?? '',
        env,
        warn: options.warn,
        ledger: options.ledger ?? null
    });
    const github = new GitHubGateway({
        token: options.token,
        apiUrl: env.GITHUB_API_URL,
        repository: env.GITHUB_REPOSITORY,
        serverUrl: env.GITHUB_SERVER_URL,
        timeoutSeconds: options.timeoutSeconds,
        proxied: proxyConfigured(env)
    });
    return { store, clock: systemClock, github };
}


/***/ }),

/***/ 6527:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ octokitOperatorApi),
/* harmony export */   I: () => (/* binding */ apiErrorText)
/* harmony export */ });
/**
 * The GitHub calls `command: operate` makes, behind a small interface so the command owns
 * the orchestration and tests run it against a local server speaking GitHub's REST API.
 * Every call goes through `@actions/github`'s octokit (no retry or throttling plugin: a
 * reply comment is a POST that creates something and is sent once).
 */
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : undefined;
}
/** The operator calls over the gateway's octokit, loaded on the first call. */
function octokitOperatorApi(github) {
    const request = () => ({ signal: github.signal() });
    const connect = async () => ({ octokit: await github.client(), ...github.where() });
    return {
        async permission(username) {
            const { octokit, owner, repo } = await connect();
            try {
                const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
                    owner,
                    repo,
                    username,
                    request: request()
                });
                return { permission: data.permission, role_name: data.role_name };
            }
            catch (error) {
                if (statusOf(error) === 404)
                    return null;
                throw error;
            }
        },
        async react(comment_id, content) {
            const { octokit, owner, repo } = await connect();
            await octokit.rest.reactions.createForIssueComment({
                owner,
                repo,
                comment_id,
                content,
                request: request()
            });
        },
        async reply(issue_number, body) {
            const { octokit, owner, repo } = await connect();
            await octokit.rest.issues.createComment({
                owner,
                repo,
                issue_number,
                body,
                request: request()
            });
        },
        async cancelWorkflowRun(run_id) {
            const { octokit, owner, repo } = await connect();
            try {
                await octokit.rest.actions.cancelWorkflowRun({ owner, repo, run_id, request: request() });
                return 'requested';
            }
            catch (error) {
                if (statusOf(error) === 409)
                    return 'finished';
                throw error;
            }
        }
    };
}
/** An API error as one line for a warning; never the token (octokit does not echo it). */
function apiErrorText(error) {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    return `${status ? `HTTP ${status}: ` : ''}${message.split('\n')[0] ?? ''}`.slice(0, 300);
}


/***/ })

};
