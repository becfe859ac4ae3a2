#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 486:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(24);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__nccwpck_require__.n(node_url__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(180);
/** The `dispatch-ledger` bin (package.json): the command line over this process's own streams. */





process.exitCode = await (0,_main_js__WEBPACK_IMPORTED_MODULE_4__/* .runCli */ .a)(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    // The bundle's own bytes: a memo kept by another build is never read (src/store/memo.ts).
    build: () => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256')
        .update((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)((0,node_url__WEBPACK_IMPORTED_MODULE_3__.fileURLToPath)(import.meta.url)))
        .digest('hex'),
    version: packageVersion()
});
/**
 * The version of the package this bin is part of: its package.json is two folders up from
 * dist/cli/index.js, in a clone and in an installed tarball alike. Found from the path the
 * process runs (through the bin's symbolic link), which the bundler cannot rewrite.
 */
function packageVersion() {
    try {
        const bin = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.realpathSync)(process.argv[1] ?? '');
        const text = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(bin), '..', '..', 'package.json'), 'utf8');
        const { name, version } = JSON.parse(text);
        return name === 'dispatch-ledger' && typeof version === 'string' ? version : undefined;
    }
    catch {
        return undefined;
    }
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 180:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  a: () => (/* binding */ runCli)
});

;// CONCATENATED MODULE: ./src/core/index/location.ts
/**
 * Where an entry really is, for messages (docs/design/storage.md): a command names an admission
 * by its logical name (`<ns>/admissions/<h>[.g<N>]`), which is no ref; in layout v2 it is the
 * path `keys/<h>/<N>` of its key's index bucket, which `git cat-file -p <ref>:<path>` shows.
 * Every other name (a live chain ref, a bucket path, a commit id) is already where it is. Pure.
 */
const ADMISSION = /^(refs\/.+)\/admissions\/([0-9a-f]{64})(?:\.g([1-9][0-9]*))?$/;
function entryLocation(name) {
    const match = ADMISSION.exec(name);
    if (!match)
        return name;
    const [, namespace, hash, generation] = match;
    return `${namespace}/index/${hash.slice(0, 2)}:keys/${hash}/${generation ?? '1'}`;
}
/**
 * How to look at an entry: `git cat-file -p` of its location, after fetching the namespace's
 * index refs where the store is a remote (a clone does not fetch them by default).
 */
function inspectCommand(location) {
    const bucket = /^(refs\/.+)\/index\/[0-9a-f]{2}:/.exec(location);
    const show = `git cat-file -p ${location}`;
    if (!bucket)
        return `\`${show}\``;
    const index = `${bucket[1]}/index/*`;
    return `\`${show}\` (in a clone, fetch the index first: \`git fetch origin '+${index}:${index}'\`)`;
}

;// CONCATENATED MODULE: ./src/core/errors.ts

/**
 * Every failure the action reports is one of these: the message says what is wrong and
 * what to do; `code` lets tests and callers tell them apart without parsing text.
 */
class DispatchLedgerError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
        this.name = new.target.name;
    }
}
/** Input the user or the event gave us is unusable. Nothing was written. */
class errors_InvalidInput extends DispatchLedgerError {
    constructor(message) {
        super('invalid_input', message);
    }
}
/** Same dispatch key, different request digest. Nothing was written. */
class AdmissionConflict extends DispatchLedgerError {
    stored;
    constructor(message, stored) {
        super('admission_conflict', message);
        this.stored = stored;
    }
}
/** A stored entry cannot be trusted; we fail closed and never overwrite it. */
class errors_CorruptEntry extends DispatchLedgerError {
    ref;
    oid;
    /** Where the entry really is (an admission's bucket path in layout v2, else ref itself). */
    where;
    /** `oid`: the commit within the chain at ref that is at fault, when it is not the head. */
    constructor(ref, detail, oid) {
        const where = entryLocation(ref);
        super('corrupt_entry', `The entry at ${where}${oid ? ` (commit ${oid})` : ''} cannot be trusted: ${detail}. ` +
            `dispatch-ledger will not follow or overwrite it; inspect it with ` +
            `${inspectCommand(oid ?? where)} and repair or remove it by hand.`);
        this.ref = ref;
        this.oid = oid;
        this.where = where;
    }
}
/** A ledger chain does not verify; `sequence` is the first bad record. */
class BrokenChain extends DispatchLedgerError {
    sequence;
    constructor(sequence, detail) {
        super('broken_chain', `The ledger chain is broken at sequence ${sequence}: ${detail}.`);
        this.sequence = sequence;
    }
}
/** A transition the state machine does not allow. Nothing was written. */
class IllegalTransition extends DispatchLedgerError {
    constructor(message) {
        super('illegal_transition', message);
    }
}
/** A compare-and-set lost to another writer. Nothing was written; re-read and re-plan. */
class errors_LostRace extends DispatchLedgerError {
    constructor(message) {
        super('lost_race', message);
    }
}
/** The store itself failed (git missing, not a repository, no permission). */
class errors_StoreError extends DispatchLedgerError {
    constructor(message) {
        super('store_error', message);
    }
}
/** An input_key already recorded with a different payload. Nothing was written. */
class InputConflict extends DispatchLedgerError {
    constructor(message) {
        super('input_conflict', message);
    }
}
/**
 * docs/design/writers.md: a run selected from the event belongs to another workflow run. Nothing was written;
 * `owner` is the run id of the run that was selected.
 */
class errors_NotOwner extends DispatchLedgerError {
    owner;
    constructor(message, owner) {
        super('not_owner', message);
        this.owner = owner;
    }
}
/**
 * A ledger no admission admits: its key has no admission, or every generation of the key
 * admits another run. A run is writable only through its admission, so nothing writes to it
 * or sends for it; `why` says which of the two it is.
 */
class OrphanRun extends DispatchLedgerError {
    ledger_ref;
    run_id;
    dispatch_key;
    constructor(ledger_ref, run_id, dispatch_key, why) {
        super('orphan_run', `Run ${JSON.stringify(run_id)} (ledger ${ledger_ref}) is an orphan: its dispatch key ` +
            `${JSON.stringify(dispatch_key)} ${why}, and a run is writable only through its ` +
            'admission. Nothing was written and nothing was sent. A ledger like this was made by ' +
            `hand or by another tool, not by admit: inspect it with \`git log -p ${ledger_ref}\`; ` +
            `if it is not yours to keep, delete it with \`git update-ref -d ${ledger_ref}\` (and ` +
            `\`git push origin :${ledger_ref}\` on the origin).`);
        this.ledger_ref = ledger_ref;
        this.run_id = run_id;
        this.dispatch_key = dispatch_key;
    }
}

;// CONCATENATED MODULE: ./src/core/writer.ts
/**
 * docs/design/writers.md: who writes a run. The writer identity of a record comes from the workflow run's
 * environment; ownership of a run follows from its id and from who wrote its first record.
 * Pure: the environment is passed in as a plain object.
 */

/**
 * The writer of records appended by this process: `{github_run_id, run_attempt, workflow_ref}`
 * from GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT (an integer, 1 when the runner does not say) and
 * GITHUB_WORKFLOW_REF (empty when the runner does not say); null outside a workflow run
 * (no GITHUB_RUN_ID). A malformed value is an error rather than a guess: it would be stored.
 */
function writerFromEnv(env) {
    const runId = env.GITHUB_RUN_ID ?? '';
    if (runId === '')
        return null;
    if (!/^[1-9][0-9]{0,19}$/.test(runId))
        throw new InvalidInput(`GITHUB_RUN_ID is ${JSON.stringify(runId)}, not a workflow run id. The runner sets it to ` +
            'digits; unset it to run outside a workflow.');
    const attemptText = env.GITHUB_RUN_ATTEMPT ?? '';
    const attempt = attemptText === '' ? 1 : Number(attemptText);
    if (!/^[1-9][0-9]{0,8}$/.test(attemptText || '1'))
        throw new InvalidInput(`GITHUB_RUN_ATTEMPT is ${JSON.stringify(attemptText)}, not a positive integer. The runner ` +
            'sets it to 1 for a first attempt and counts up on each re-run.');
    const workflowRef = env.GITHUB_WORKFLOW_REF ?? '';
    if (workflowRef.length > 1024 || /[\p{Cc}\u2028\u2029]/u.test(workflowRef))
        throw new InvalidInput('GITHUB_WORKFLOW_REF is longer than 1024 characters or holds control characters; ' +
            'the runner sets it to <owner>/<repo>/<path>@<ref>.');
    return { github_run_id: runId, run_attempt: attempt, workflow_ref: workflowRef };
}
/** docs/design/keys.md: the run id admit uses when none is given: gh-<GITHUB_RUN_ID>-<12 hex of the key>. */
function defaultRunIdPrefix(writer) {
    return `gh-${writer.github_run_id}-`;
}
/**
 * docs/design/writers.md "Ownership": this workflow run owns a run when the run's id is one it would admit
 * by default (`gh-<its GITHUB_RUN_ID>-…`), or when it wrote the run's first record (it admitted
 * the run under a run-id of its own choosing). A re-run keeps GITHUB_RUN_ID, so it owns what
 * its first attempt admitted. Outside a workflow run (no writer) nothing is owned: name the
 * run with run-id or dispatch-key instead.
 */
function ownsRun(run, self) {
    if (self === null)
        return false;
    if (run.run_id.startsWith(defaultRunIdPrefix(self)))
        return true;
    return run.first_writer?.github_run_id === self.github_run_id;
}
/**
 * The web address of the workflow run that wrote a record, from its writer: the repository is
 * the first two parts of `workflow_ref` (`<owner>/<repo>/<path>@<ref>`), on `serverUrl`
 * (GITHUB_SERVER_URL; github.com when empty). Null when the writer does not name a repository
 * (outside Actions, or a stored value of another shape: never guessed).
 */
function workflowRunUrl(serverUrl, writer) {
    if (writer === null || !/^[1-9][0-9]{0,19}$/.test(writer.github_run_id))
        return null;
    const repository = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)\//.exec(writer.workflow_ref)?.[1];
    if (repository === undefined)
        return null;
    return writer_actionsRunUrl(serverUrl, repository, writer.github_run_id);
}
/** A workflow run's web address on `serverUrl` (GITHUB_SERVER_URL), as GitHub forms it. */
function writer_actionsRunUrl(serverUrl, repository, id) {
    const server = (serverUrl || 'https://github.com').replace(/\/+$/, '');
    return `${server}/${repository}/actions/runs/${id}`;
}

;// CONCATENATED MODULE: ./src/github/repository.ts


/**
 * GITHUB_REPOSITORY (`owner/name`) as the REST API's owner and repo: the one parser every
 * GitHub call goes through, so every command names a bad value the same way.
 */
function repository_parseRepository(text) {
    const match = /^([^/\s]+)\/([^/\s]+)$/.exec(text ?? '');
    if (!match)
        throw new InvalidInput(`GITHUB_REPOSITORY is ${JSON.stringify(text ?? '')}, not owner/name, so there is no ` +
            'repository to call the GitHub API on. The runner sets it: run inside a workflow.');
    return { owner: match[1], repo: match[2] };
}
/** A workflow run's web address on `serverUrl` (GITHUB_SERVER_URL), as GitHub forms it. */
function repository_runUrlFor(serverUrl, repository) {
    return id => actionsRunUrl(serverUrl, repository, id);
}

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
async function answers_listingOf(fn) {
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
function answers_classifyCreateError(error, rules) {
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

;// CONCATENATED MODULE: ./src/github/writes.ts

/** Creates that have no fence: a 422 is always a refusal. */
const NO_FENCE = { fence: () => false, permission: 'issues: write' };
const PULL_FENCE = {
    fence: isPullAlreadyOpen,
    permission: 'pull-requests: write'
};
/** Every page of a listing within one bound: this many requests' worth. */
const LISTING_FACTOR = 4;
class writes_GitHubWrites {
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






class gateway_GitHubGateway {
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
        return octokitOperatorApi(this);
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

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(598);
;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
;// CONCATENATED MODULE: ./src/core/cacheSafety.ts
/**
 * Whether a cache repository's path may be used (docs/cli.md#the-cache): the pure decision,
 * from what lstat said of each path, and from the text of the cache's own git config. A cache
 * that another user could have written is never used: its hooks, its config and its refs would
 * act as the operator, with the operator's token in git's environment.
 */
/**
 * Why this path of the cache may not be used, or null. `directory`: it must be a directory
 * (the cache root and the repository); otherwise any plain file or directory of the user's.
 */
function cachePathRefusal(facts, judge) {
    const { path } = facts;
    const elsewhere = `or set ${judge.setting} to a directory of your own`;
    if (facts.kind === 'symlink')
        return (`The cache path ${path} is a symbolic link: dispatch-ledger never uses a cache through a ` +
            `link, which could point into another repository (your own clone) or another user's ` +
            `files. Remove the link (rm ${path}) and run again, ${elsewhere}.`);
    if (judge.uid !== null && facts.uid !== judge.uid)
        return (`The cache path ${path} belongs to uid ${facts.uid}, not to you (uid ${judge.uid}): ` +
            'another user could have planted hooks, config or refs there, so it is not used. ' +
            `Remove it (as its owner or root), ${elsewhere}.`);
    if (judge.directory ? facts.kind !== 'directory' : facts.kind === 'other')
        return (`The cache path ${path} is not a ${judge.directory ? 'directory' : 'plain file'}. ` +
            `Remove it and run again, ${elsewhere}.`);
    const writable = [facts.mode & 0o020 ? 'its group' : '', facts.mode & 0o002 ? 'everyone' : '']
        .filter(Boolean)
        .join(' and ');
    if (judge.directory && writable)
        return (`The cache path ${path} is writable by ${writable} (mode ${octal(facts.mode)}): whoever ` +
            `can write it could plant hooks or refs there, so it is not used. Run chmod 700 ${path} ` +
            `(or remove it) and run again, ${elsewhere}.`);
    return null;
}
function octal(mode) {
    return `0${(mode & 0o7777).toString(8).padStart(3, '0')}`;
}
/**
 * The settings a cache's config may hold: what `git init --bare` writes, on any platform.
 * Anything else could make git run a program or talk elsewhere (core.sshCommand,
 * credential.helper, url.*.insteadOf, protocol.*.allow, filter.*, include.path, ...), so a
 * config with anything else is not used.
 */
const ALLOWED = new Set([
    'core.repositoryformatversion',
    'core.filemode',
    'core.bare',
    'core.logallrefupdates',
    'core.ignorecase',
    'core.precomposeunicode',
    'core.symlinks',
    'extensions.objectformat',
    'extensions.refstorage'
]);
/** Why a cache's config (the file's text) may not be read, or null. */
function cacheConfigRefusal(path, text, judge) {
    let section = null;
    const unexpected = (what) => `The cache's config ${path} holds ${what}, which no cache dispatch-ledger made holds (a ` +
        'setting there could make git run a program as you). It is not used: remove the cache ' +
        `(rm -r ${dirOf(path)}) and run again, or set ${judge.setting} to a directory of your own.`;
    for (const raw of text.split('\n')) {
        const line = raw.trim();
        if (line === '' || line.startsWith('#') || line.startsWith(';'))
            continue;
        const header = /^\[\s*([A-Za-z0-9.-]+)\s*(?:"[^]*")?\s*\]\s*(.*)$/.exec(line);
        if (header) {
            if (/"/.test(line))
                return unexpected(`the section ${JSON.stringify(line)}`);
            section = header[1].toLowerCase();
            if ((header[2] ?? '').trim() === '')
                continue;
            return unexpected(`the line ${JSON.stringify(line)}`);
        }
        const key = /^([A-Za-z][A-Za-z0-9-]*)\s*(=|$)/.exec(line)?.[1];
        const name = section !== null && key ? `${section}.${key.toLowerCase()}` : null;
        if (name === null || !ALLOWED.has(name))
            return unexpected(`the setting ${JSON.stringify(line)}`);
    }
    return null;
}
function dirOf(path) {
    return path.replace(/[/\\][^/\\]*$/, '');
}

;// CONCATENATED MODULE: external "node:child_process"
const external_node_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(24);
;// CONCATENATED MODULE: external "node:zlib"
const external_node_zlib_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");
;// CONCATENATED MODULE: ./node_modules/canonicalize/lib/canonicalize.js
function serializeString (value) {
  if (!value.isWellFormed()) {
    throw new Error('Lone surrogate is not allowed');
  }
  return JSON.stringify(value);
}

function serializePrimitive (value) {
  switch (typeof value) {
    case 'number':
      if (isNaN(value)) {
        throw new Error('NaN is not allowed');
      }
      if (!isFinite(value)) {
        throw new Error('Infinity is not allowed');
      }
      // For finite numbers String(value) would give identical output, but
      // JSON.stringify benchmarks faster on V8.
      return JSON.stringify(value);
    case 'string':
      return serializeString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      // null, or values JSON.stringify maps to undefined (undefined,
      // functions, symbols).
      return JSON.stringify(value);
  }
}

// Resolves a value to either its serialized primitive form (a string — or
// undefined, for values JSON.stringify drops) or a frame describing the
// container to descend into. Callers distinguish the two cases with
// `typeof result !== 'object'`.
//
// toJSON results are unwrapped here, and the wrapper objects stay in `seen`
// until the resolved subtree is fully serialized, so cycles introduced via
// toJSON are still detected.
function enterValue (value, seen) {
  let wrappers = null;
  while (value !== null && typeof value === 'object' && typeof value.toJSON === 'function') {
    if (seen.has(value)) {
      throw new Error('Circular reference detected');
    }
    seen.add(value);
    (wrappers ??= []).push(value);
    value = value.toJSON();
  }

  // Boxed Number/String/Boolean objects serialize as their primitive values,
  // mirroring how JSON.stringify treats them.
  if (value instanceof Number || value instanceof String || value instanceof Boolean) {
    value = value.valueOf();
  }

  if (value === null || typeof value !== 'object') {
    if (wrappers !== null) {
      for (const wrapper of wrappers) seen.delete(wrapper);
    }
    return serializePrimitive(value);
  }

  if (seen.has(value)) {
    throw new Error('Circular reference detected');
  }
  seen.add(value);

  return {
    container: value,
    // null marks an array frame; object frames carry their sorted keys.
    // `sort()`'s default comparator orders by UTF-16 code unit, which is the
    // order JCS requires.
    keys: Array.isArray(value) ? null : Object.keys(value).sort(),
    // Next child to serialize; the frame resumes here after a nested
    // container's subtree completes.
    index: 0,
    // Whether no member has been emitted yet (controls comma placement).
    first: true,
    // toJSON wrappers to release from `seen` when this frame completes.
    wrappers
  };
}

function canonicalize (object) {
  if (object === null || typeof object !== 'object') {
    return serializePrimitive(object);
  }

  const seen = new Set();
  const root = enterValue(object, seen);
  if (typeof root !== 'object') {
    // A toJSON chain resolved the input to a primitive.
    return root;
  }

  let result = root.keys === null ? '[' : '{';
  const stack = [root];

  // Depth-first serialization with an explicit stack instead of recursion, so
  // nesting depth is bounded by heap size rather than call-stack size. The top
  // frame is the container currently being serialized: primitive children are
  // appended inline, while a nested container pushes a new frame and jumps
  // back to the outer loop. Because frame.index was already advanced, the
  // parent resumes at its next child once the subtree is done. Opening
  // brackets are emitted when a frame is pushed, closing brackets when it
  // completes.
  outer:
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const container = frame.container;

    // keys === null marks an array frame; otherwise keys holds the object's
    // sorted property names. Either way the iteration counter lives on the
    // frame itself (frame.index), so when a frame is resumed after a nested
    // container completes, the while condition continues at the first
    // unserialized child instead of restarting from the beginning.
    if (frame.keys === null) {
      while (frame.index < container.length) {
        const i = frame.index++;
        if (i > 0) {
          result += ',';
        }
        const element = container[i];
        // Inside arrays, JSON.stringify serializes values with no JSON
        // representation (undefined, symbols, functions) as null.
        const value = element === undefined || typeof element === 'symbol' || typeof element === 'function' ? null : element;
        if (value === null || typeof value !== 'object') {
          result += serializePrimitive(value);
          continue;
        }
        const child = enterValue(value, seen);
        if (typeof child !== 'object') {
          // A toJSON chain resolved the child to an already-serialized
          // primitive — or, when child is undefined, to a value with no JSON
          // representation, which becomes null inside arrays.
          result += child === undefined ? 'null' : child;
          continue;
        }
        result += child.keys === null ? '[' : '{';
        stack.push(child);
        continue outer;
      }
      result += ']';
    } else {
      const keys = frame.keys;
      while (frame.index < keys.length) {
        const key = keys[frame.index++];
        const value = container[key];
        // Inside objects, JSON.stringify omits properties whose value has no
        // JSON representation (undefined, symbols, functions).
        if (value === undefined || typeof value === 'symbol' || typeof value === 'function') {
          continue;
        }
        if (value === null || typeof value !== 'object') {
          // Commas are tracked with a flag rather than the key index: a
          // skipped key must not leave a stray comma behind.
          if (frame.first) {
            frame.first = false;
          } else {
            result += ',';
          }
          result += serializeString(key) + ':' + serializePrimitive(value);
          continue;
        }
        // The child must be resolved before the key is emitted: a toJSON
        // returning a value with no JSON representation drops the whole
        // property.
        const child = enterValue(value, seen);
        if (child === undefined) {
          continue;
        }
        if (frame.first) {
          frame.first = false;
        } else {
          result += ',';
        }
        result += serializeString(key) + ':';
        if (typeof child !== 'object') {
          result += child;
          continue;
        }
        result += child.keys === null ? '[' : '{';
        stack.push(child);
        continue outer;
      }
      result += '}';
    }

    // Frame complete. The container leaves `seen` so that a later, sibling
    // reference to the same object is not mistaken for a cycle.
    seen.delete(container);
    if (frame.wrappers !== null) {
      for (const wrapper of frame.wrappers) seen.delete(wrapper);
    }
    stack.pop();
  }

  return result;
}

;// CONCATENATED MODULE: ./src/core/canonical.ts


/** RFC 8785 (JCS) canonical JSON. Throws on values JSON cannot carry. */
function canonical_canonicalJson(value) {
    const text = canonicalize(value);
    if (text === undefined)
        throw new TypeError('value has no JSON form');
    return text;
}
function canonical_sha256Hex(text) {
    return (0,external_node_crypto_.createHash)('sha256').update(text, 'utf8').digest('hex');
}
/** `sha256:<64 hex>` of the JCS form: the spec's digest of requests and records. */
function canonical_digestOf(value) {
    return `sha256:${canonical_sha256Hex(canonical_canonicalJson(value))}`;
}

;// CONCATENATED MODULE: ./src/core/validate.ts

/** Parses untrusted input with a schema; the error names the first bad field. */
function validate_parseOrThrow(schema, value, what) {
    const parsed = schema.safeParse(value);
    if (parsed.success)
        return parsed.data;
    const issues = parsed.error.issues.slice(0, 3).map(issue => {
        return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    });
    throw new InvalidInput(`${what} is invalid: ${issues.join('; ')}.`);
}
/** Parses a JSON text input; the error names the input. */
function parseJsonInput(text, input) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        throw new InvalidInput(`The ${input} input is not valid JSON (${error.message}). ` +
            `Pass a JSON value, for example ${input}: '{"model": "large"}'.`);
    }
}
/**
 * The path of the first own property named `__proto__` in a parsed JSON value, or null.
 * JSON.parse keeps such a key as data, but zod (like any object literal) drops it: refusing it
 * is the only way not to change a stored payload silently.
 */
function validate_findProtoKey(value, path = []) {
    if (typeof value !== 'object' || value === null)
        return null;
    for (const key of Object.keys(value)) {
        const at = [...path, key];
        if (key === '__proto__')
            return at.join('.');
        const found = validate_findProtoKey(value[key], at);
        if (found !== null)
            return found;
    }
    return null;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/util.js

// functions
function assertEqual(val) {
    return val;
}
function assertNotEqual(val) {
    return val;
}
function toZod() {
    return (schema) => schema;
}
function assertIs(_arg) { }
function assertNever(_x) {
    throw new Error("Unexpected value in exhaustive check");
}
function assert(_) { }
function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
const EVALUATING = /* @__PURE__*/ (/* unused pure expression or super */ null && (Symbol("evaluating")));
function defineLazy(object, key, getter) {
    let value = undefined;
    Object.defineProperty(object, key, {
        get() {
            if (value === EVALUATING) {
                // Circular reference detected, return undefined to break the cycle
                return undefined;
            }
            if (value === undefined) {
                value = EVALUATING;
                value = getter();
            }
            return value;
        },
        set(v) {
            Object.defineProperty(object, key, {
                value: v,
                // configurable: true,
            });
            // object[key] = v;
        },
        configurable: true,
    });
}
function objectClone(obj) {
    return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
    return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
    if (!path)
        return obj;
    return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
    const keys = Object.keys(promisesObj);
    const promises = keys.map((key) => promisesObj[key]);
    return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
            resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
    });
}
function randomString(length = 10) {
    const chars = "abcdefghijklmnopqrstuvwxyz";
    let str = "";
    for (let i = 0; i < length; i++) {
        str += chars[Math.floor(Math.random() * chars.length)];
    }
    return str;
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function util_isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const allowsEval = /* @__PURE__*/ (/* unused pure expression or super */ null && (cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
})));
function isPlainObject(o) {
    if (util_isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (util_isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
function numKeys(data) {
    let keyCount = 0;
    for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
            keyCount++;
        }
    }
    return keyCount;
}
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return "undefined";
        case "string":
            return "string";
        case "number":
            return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
            return "boolean";
        case "function":
            return "function";
        case "bigint":
            return "bigint";
        case "symbol":
            return "symbol";
        case "object":
            if (Array.isArray(data)) {
                return "array";
            }
            if (data === null) {
                return "null";
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return "promise";
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return "map";
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return "set";
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return "date";
            }
            // @ts-ignore
            if (typeof File !== "undefined" && data instanceof File) {
                return "file";
            }
            return "object";
        default:
            throw new Error(`Unknown data type: ${t}`);
    }
};
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
const primitiveTypes = /* @__PURE__*/ new Set([
    "string",
    "number",
    "bigint",
    "boolean",
    "symbol",
    "undefined",
]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function createTransparentProxy(getter) {
    let target;
    return new Proxy({}, {
        get(_, prop, receiver) {
            target ?? (target = getter());
            return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
            target ?? (target = getter());
            return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
            target ?? (target = getter());
            return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
            target ?? (target = getter());
            return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
            target ?? (target = getter());
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
            target ?? (target = getter());
            return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
            target ?? (target = getter());
            return Reflect.defineProperty(target, prop, descriptor);
        },
    });
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}
// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle.
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-3.4028234663852886e38, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
function getSizableOrigin(input) {
    if (input instanceof Set)
        return "set";
    if (input instanceof Map)
        return "map";
    // @ts-ignore
    if (input instanceof File)
        return "file";
    return "unknown";
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
function cleanEnum(obj) {
    return Object.entries(obj)
        .filter(([k, _]) => {
        // return true if NaN, meaning it's not a number, thus a string key
        return Number.isNaN(Number.parseInt(k, 10));
    })
        .map((el) => el[1]);
}
// Codec utility functions
function base64ToUint8Array(base64) {
    const binaryString = atob(base64);
    const bytes = new Uint8Array(binaryString.length);
    for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
    }
    return bytes;
}
function uint8ArrayToBase64(bytes) {
    let binaryString = "";
    for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
    }
    return btoa(binaryString);
}
function base64urlToUint8Array(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const padding = "=".repeat((4 - (base64.length % 4)) % 4);
    return base64ToUint8Array(base64 + padding);
}
function uint8ArrayToBase64url(bytes) {
    return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
    const cleanHex = hex.replace(/^0x/, "");
    if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
    }
    const bytes = new Uint8Array(cleanHex.length / 2);
    for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
    }
    return bytes;
}
function uint8ArrayToHex(bytes) {
    return Array.from(bytes)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
}
// instanceof
class Class {
    constructor(..._args) { }
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/core.js
var _a;

/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                members(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
//////////////////////////////   UTILITIES   ///////////////////////////////////////
const $brand = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("zod_brand")));
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
const core_globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(core_globalConfig, newConfig);
    return core_globalConfig;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/checks.js
// import { $ZodType } from "./schemas.js";



const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for size-based checks: run only on non-nullish values with a `size`. */
const _whenHasSize = (payload) => {
    const val = payload.value;
    return !util.nullish(val) && val.size !== undefined;
};
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : util.floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_small",
                minimum: minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodCheckMaxSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMinSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckSizeEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
            return;
        const tooBig = size > def.size;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? util.codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = util.getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.lowercase);
    $ZodCheckStringFormat.init(inst, def);
})));
const $ZodCheckUpperCase = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.uppercase);
    $ZodCheckStringFormat.init(inst, def);
})));
const $ZodCheckIncludes = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = util.escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckStartsWith = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${util.escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckEndsWith = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${util.escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
///////////////////////////////////
/////    $ZodCheckProperty    /////
///////////////////////////////////
function handleCheckPropertyResult(result, payload, property) {
    if (result.issues.length) {
        payload.issues.push(...util.prefixIssues(property, result.issues));
    }
}
const $ZodCheckProperty = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
            value: payload.value[def.property],
            issues: [],
        }, {});
        if (result instanceof Promise) {
            return result.then((result) => handleCheckPropertyResult(result, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
    };
})));
const $ZodCheckProperties = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def);
    util.hide(inst, Symbol.iterator, function* () {
        yield inst;
    });
    // key and schema snapshotted together: reading one live and the other cached lets a later mutation of the caller's shape object pair a stale key with a missing schema
    let entries;
    inst._zod.check = (payload) => {
        // the base schema already typed the value, so only a nullish one is rejected here: the properties read on a primitive too, matching z.property() on a string's length
        if (payload.value == null) {
            payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
            return undefined;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema] of entries) {
            const result = schema._zod.run({ value: input[key], issues: [] }, {});
            if (result instanceof Promise) {
                proms ?? (proms = []);
                proms.push(result.then((result) => handleCheckPropertyResult(result, payload, key)));
            }
            else {
                handleCheckPropertyResult(result, payload, key);
            }
        }
        if (proms)
            return Promise.all(proms).then(() => undefined);
        return undefined;
    };
})));
const $ZodCheckMimeType = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
            return;
        payload.issues.push({
            code: "invalid_value",
            values: def.mime,
            input: payload.value.type,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckOverwrite = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
})));

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/regexes.js

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** Implements ISO 8601-2 extensions like explicit +- prefixes, mixing weeks with other units, and fractional/negative components. */
const extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
const uuid4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(4)));
const uuid6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(6)));
const uuid7 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(7)));
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Equivalent to the HTML5 input[type=email] validation implemented by browsers. Source: https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/email */
const html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The classic emailregex.com regex for RFC 5322-compliant emails */
const rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
/** A loose regex that allows Unicode characters, enforces length limits, and that's about it. */
const unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
const idnEmail = (/* unused pure expression or super */ null && (unicodeEmail));
const browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji = (/* unused pure expression or super */ null && (`^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`));
function emoji() {
    return new RegExp(_emoji, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const mac = (delimiter) => {
    const escapedDelim = util.escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
// based on https://stackoverflow.com/questions/106179/regular-expression-to-match-dns-hostname-or-ip-address
// export const hostname: RegExp = /^([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+$/;
const hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
// Credit card shape: 12–19 digits, optionally separated by single spaces or single hyphens. ISO/IEC 7812 caps the PAN at 19 digits; 12 is the shortest issued length (Maestro).
const creditCard = /^\d(?:[ -]?\d){11,18}$/;
// ISO 4217 alpha codes from the SIX list, regenerated by scripts/update-iso-4217.ts
const currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
// iban electronic format: 2-letter country, check digits 02-98 (the only values `98 - remainder` can produce), 11-30 bban characters
const iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
const dateSource = (/* unused pure expression or super */ null && (`(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`));
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
 * esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
 * will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function regexes_anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ (/* unused pure expression or super */ null && (regexes_anchor(dateSource)));
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
    return new RegExp(`^${regex}$`);
};
const bigint = /^-?\d+n?$/;
const integer = /^-?\d+$/;
const number = /^-?\d+(?:\.\d+)?$/;
const regexes_boolean = /^(?:true|false)$/i;
const _null = /^null$/i;

const _undefined = /^undefined$/i;

// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;
// regex for hexadecimal strings (any length)
const hex = /^[0-9a-fA-F]*$/;
// Hash regexes for different algorithms and encodings
// Helper function to create base64 regex with exact length and padding
function fixedBase64(bodyLength, padding) {
    return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
// Helper function to create base64url regex with exact length (no padding)
function fixedBase64url(length) {
    return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
// MD5 (16 bytes): base64 = 24 chars total (22 + "==")
const md5_hex = /^[0-9a-fA-F]{32}$/;
const md5_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(22, "==")));
const md5_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(22)));
// SHA1 (20 bytes): base64 = 28 chars total (27 + "=")
const sha1_hex = /^[0-9a-fA-F]{40}$/;
const sha1_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(27, "=")));
const sha1_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(27)));
// SHA256 (32 bytes): base64 = 44 chars total (43 + "=")
const sha256_hex = /^[0-9a-fA-F]{64}$/;
const sha256_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(43, "=")));
const sha256_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(43)));
// SHA384 (48 bytes): base64 = 64 chars total (no padding)
const sha384_hex = /^[0-9a-fA-F]{96}$/;
const sha384_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(64, "")));
const sha384_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(64)));
// SHA512 (64 bytes): base64 = 88 chars total (86 + "==")
const sha512_hex = /^[0-9a-fA-F]{128}$/;
const sha512_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(86, "==")));
const sha512_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(86)));

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/versions.js
const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/schemas.js







const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = aborted(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (explicitlyAborted(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new $ZodAsyncError();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        attachSchema(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = aborted(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    attachSchema(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = aborted(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (aborted(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return hide(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}

const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    checks.$ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
})));
const $ZodGUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.guid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodUUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = regexes.uuid(v));
    }
    else
        def.pattern ?? (def.pattern = regexes.uuid());
    $ZodStringFormat.init(inst, def);
})));
const $ZodEmail = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.email);
    $ZodStringFormat.init(inst, def);
})));
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === regexes.httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodEmoji = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.emoji());
    $ZodStringFormat.init(inst, def);
})));
const $ZodNanoID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? regexes.nanoid : regexes.nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
})));
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cuid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodCUID2 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cuid2);
    $ZodStringFormat.init(inst, def);
})));
const $ZodULID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ulid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodXID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.xid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodKSUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ksuid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodISODateTime = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.datetime(def));
    $ZodStringFormat.init(inst, def);
})));
const $ZodISODate = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.date);
    $ZodStringFormat.init(inst, def);
})));
const $ZodISOTime = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.time(def));
    $ZodStringFormat.init(inst, def);
})));
const $ZodISODuration = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.duration);
    $ZodStringFormat.init(inst, def);
})));
const $ZodIPv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ipv4);
    $ZodStringFormat.init(inst, def);
})));
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
    $ZodStringFormat.init(inst, def);
})));
const $ZodCIDRv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cidrv4);
    $ZodStringFormat.init(inst, def);
})));
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodE164 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.e164);
    $ZodStringFormat.init(inst, def);
})));
//////////////////////////////   ZodCreditCard   //////////////////////////////
const CC_SANITIZE = /[- ]/g;
/** Luhn checksum on a digit-only string. Adapted from valibot (MIT). */
function isLuhnAlgo(digits) {
    let length = digits.length;
    let bit = 1;
    let sum = 0;
    while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
    }
    return sum % 10 === 0;
}
function isValidCreditCard(input) {
    if (!regexes.creditCard.test(input))
        return false;
    return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
}
const $ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCreditCard", (inst, def) => {
    // Shape only — the Luhn check below is not expressible as a pattern, so consumers of `pattern` (JSON Schema, template literals) get the length and separator rules alone.
    def.pattern ?? (def.pattern = regexes.creditCard);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "credit_card",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodIBAN   //////////////////////////////
// iso 7064 mod 97-10 checksum without BigInt
function isIso7064Mod97(iban) {
    let remainder = 0;
    const len = iban.length;
    for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    return remainder === 1;
}
function isValidIBAN(input) {
    if (!regexes.iban.test(input))
        return false;
    return isIso7064Mod97(input);
}
const $ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIBAN", (inst, def) => {
    // shape only — checksum is not expressible as a pattern
    def.pattern ?? (def.pattern = regexes.iban);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "iban",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (def.fn(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes_boolean;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodBigInt = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.bigint;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = BigInt(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "bigint")
            return payload;
        payload.issues.push({
            expected: "bigint",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
})));
const $ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigIntFormat", (inst, def) => {
    checks.$ZodCheckBigIntFormat.init(inst, def);
    $ZodBigInt.init(inst, def); // no format checks
})));
const $ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
            return payload;
        payload.issues.push({
            expected: "symbol",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.undefined;
    inst._zod.values = new Set([undefined]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "undefined",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.null;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
})));
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "void",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodDate = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
            try {
                payload.value = new Date(payload.value);
            }
            catch (_err) { }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
            return payload;
        payload.issues.push({
            expected: "date",
            code: "invalid_type",
            input,
            ...(isDate ? { received: "Invalid Date" } : {}),
            inst,
        });
        return payload;
    };
})));
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = sizeCaps(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    attachSchema(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
const mapSize = (input) => (input instanceof Map ? input.size : -1);
const setSize = (input) => (input instanceof Set ? input.size : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core_globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && aborted(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = optionalKeys(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    assignProp(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject = util_isObject;
    const catchall = def.catchall;
    let value;
    const memo = core_globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = util.cached(() => normalizeDef(def));
    const memo = core.globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : util.esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject = util.isObject;
    const jit = !core.globalConfig.jitless;
    const allowsEval = util.allowsEval;
    const fastEnabled = jit && allowsEval.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
})));
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !aborted(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    defineLazyInternal(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
    const matches = [];
    for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
            matches.push(i);
    }
    if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
    }
    if (matches.length === 0) {
        // No matches - same as regular union
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config()))),
        });
    }
    else {
        // Multiple matches - exclusive union failure
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: [],
            inclusive: false,
            matches,
        });
    }
    return final;
}
const $ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXor", (inst, def) => {
    $ZodUnion.init(inst, def);
    def.inclusive = false;
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                results.push(result);
            }
        }
        if (!async)
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        });
    };
})));
/** Returns the option whose discriminator claims `value`, or throws if ambiguous. */
function getDiscriminatedOption(union, value) {
    const internals = union._zod;
    let map = internals.bag.optionsMap;
    if (!map) {
        map = discriminatorMap(internals.def);
        internals.bag.optionsMap = map;
    }
    const option = map.get(value);
    if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
    return option;
}
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
(/* unused pure expression or super */ null && (core.$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    util.defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    util.assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = util.rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = util.cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
})));
const $ZodIntersection = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
})));
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (util.isPlainObject(a) && util.isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (util.aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodTuple = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTuple", (inst, def) => {
    $ZodType.init(inst, def);
    const items = def.items;
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                input,
                inst,
                expected: "tuple",
                code: "invalid_type",
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
            if (input.length < optinStart) {
                payload.issues.push({
                    code: "too_small",
                    minimum: optinStart,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
                return payload;
            }
            if (input.length > items.length) {
                payload.issues.push({
                    code: "too_big",
                    maximum: items.length,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
            }
        }
        // Run every item in parallel, collecting results into an indexed array. The post-processing in `handleTupleResults` walks them in order so it can decide whether an absent optional-output error can truncate the tail or must be reported to preserve required output.
        const itemResults = new Array(items.length);
        // only tracked when there is a rest loop to skip
        const abortEarly = def.rest ? ctx?.abortEarly : undefined;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
            const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((rr) => {
                    itemResults[i] = rr;
                }));
            }
            else {
                itemResults[i] = r;
                if (abortEarly && !itemAborted && r.issues.length)
                    itemAborted = util.aborted(r);
            }
        }
        // sound because rest is non-empty exactly when every fixed index is present, the one case handleTupleResults cannot discard an item's issues
        if (def.rest && !itemAborted) {
            let i = items.length - 1;
            const rest = input.slice(items.length);
            let seen = payload.issues.length;
            for (const el of rest) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (util.aborted(payload, seen))
                        break;
                    seen = payload.issues.length;
                }
                i++;
                const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((r) => handleTupleResult(r, payload, i)));
                }
                else {
                    handleTupleResult(result, payload, i);
                }
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
    };
})));
function getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function handleTupleResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...util.prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
    // Walk results in order. Mirror $ZodObject's swallow-on-absent-optional rule, but only after `optoutStart`: the first index where the output tuple tail can be absent.
    for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        // The array analog of `handlePropertyResult`'s absent-key early return: the middle rung permits absence without supplying anything in its place, so the tail truncates here instead of materializing whatever the item made of `undefined`.
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
            final.value.length = i;
            break;
        }
        if (r.issues.length) {
            if (!isPresent && i >= optoutStart) {
                final.value.length = i;
                break;
            }
            final.issues.push(...util.prefixIssues(i, r.issues));
        }
        final.value[i] = r.value;
    }
    // Drop trailing slots that produced `undefined` for absent input
    // (the array analog of an absent optional key on an object). The
    // `i >= input.length` floor is critical: an explicit `undefined`
    // *inside* the input must be preserved even when the schema is
    // optional-out (e.g. `z.string().or(z.undefined())` accepting an
    // explicit undefined value).
    for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === undefined) {
            final.value.length = i;
        }
        else {
            break;
        }
    }
    return final;
}
const $ZodRecord = /*@__PURE__*/ $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core_globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isPlainObject(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...prefixIssues(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...prefixIssues(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
            payload.issues.push({
                expected: "map",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Map(), ctx) : new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            const valueResult = def.valueType._zod.run({ value: value, issues: [] }, ctx);
            if (keyResult instanceof Promise || valueResult instanceof Promise) {
                proms.push(Promise.all([keyResult, valueResult]).then(([keyResult, valueResult]) => {
                    handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
                }));
            }
            else {
                handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
            }
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, mapSize);
})));
function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
    if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, keyResult.issues));
        }
        else {
            final.issues.push({
                code: "invalid_key",
                origin: "map",
                input,
                inst,
                issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, valueResult.issues));
        }
        else {
            final.issues.push({
                origin: "map",
                code: "invalid_element",
                input,
                inst,
                key: key,
                issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    final.value.set(keyResult.value, valueResult.value);
}
const $ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSet", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
            payload.issues.push({
                input,
                inst,
                expected: "set",
                code: "invalid_type",
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Set(), ctx) : new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleSetResult(result, payload)));
            }
            else
                handleSetResult(result, payload);
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, setSize);
})));
function handleSetResult(result, final) {
    if (result.issues.length) {
        final.issues.push(...result.issues);
    }
    final.value.add(result.value);
}
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ $constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        // @ts-ignore
        if (input instanceof File)
            return payload;
        payload.issues.push({
            expected: "file",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodTransform = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    core.globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new core.$ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
})));
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    util.defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
})));
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
})));
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
})));
const $ZodNonOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
})));
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
const $ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSuccess", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => {
                payload.value = result.issues.length === 0;
                return payload;
            });
        }
        payload.value = result.issues.length === 0;
        return payload;
    };
})));
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
})));
const $ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "nan",
                code: "invalid_type",
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodPipe = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
})));
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCodec", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
            const left = def.in._zod.run(payload, ctx);
            if (left instanceof Promise) {
                return left.then((left) => handleCodecAResult(left, def, ctx));
            }
            return handleCodecAResult(left, def, ctx);
        }
        else {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handleCodecAResult(right, def, ctx));
            }
            return handleCodecAResult(right, def, ctx);
        }
    };
})));
function handleCodecAResult(result, def, ctx) {
    if (result.issues.length) {
        // prevent further checks
        result.aborted = true;
        return result;
    }
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
    }
    else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
    }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
    // Check if transform added any issues
    if (left.issues.length) {
        left.aborted = true;
        return left;
    }
    return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
const $ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
})));
const $ZodReadonly = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
})));
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
// a leaf's pattern source with its own checks folded in: the last pattern-carrying check wins, else length bounds narrow the catch-all, else an integer format narrows the number form. the fold lives here instead of on `_zod.pattern` so a bundle without template literals never pays for it
function leafPattern(schema) {
    const def = schema._zod.def;
    let pattern = def.pattern;
    let isInt = !!def.format?.includes("int");
    let minimum;
    let maximum;
    for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
            pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== undefined && (minimum === undefined || lo > minimum))
            minimum = lo;
        if (hi !== undefined && (maximum === undefined || hi < maximum))
            maximum = hi;
    }
    if (pattern)
        return pattern.source;
    // an empty range matches nothing at runtime, and `{8,5}` is not a legal quantifier
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
        return "(?!)";
    if (minimum !== undefined || maximum !== undefined)
        return regexes.string({ minimum, maximum }).source;
    const own = schema._zod.pattern;
    return (isInt && own === regexes.number ? regexes.integer : own)?.source;
}
// a part's pattern source. a wrapper's pattern embeds its inner pattern's source verbatim, so the folded form is substituted in place without knowing the wrapper's own composition; a union's options are joined the way the union builds its own pattern
function partPattern(schema) {
    const def = schema._zod.def;
    const own = schema._zod.pattern?.source;
    // lazy resolves its inner on the internals, not the def
    const inner = def.innerType ?? schema._zod.innerType;
    if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
            return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
    }
    if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
            return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
    }
    return leafPattern(schema);
}
const $ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
            // is Zod schema
            const source = partPattern(part);
            if (!source) {
                throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
            }
            regexParts.push(util.cleanRegex(source));
        }
        else if (part === null || util.primitiveTypes.has(typeof part)) {
            regexParts.push(util.escapeRegex(`${part}`));
        }
        else {
            throw new Error(`Invalid template literal part: ${part}`);
        }
    }
    inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "string",
                code: "invalid_type",
            });
            return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFunction", (inst, def) => {
    $ZodType.init(inst, def);
    // Defined, not assigned: the classic prototype exposes `_def` as a getter with no setter.
    Object.defineProperty(inst, "_def", { value: def });
    inst._zod.def = def;
    inst.implement = (func) => {
        if (typeof func !== "function") {
            throw new Error("implement() must be called with a function");
        }
        // Defined inline so the closure stays anonymous: binding it to a `const` first names it, which costs 256 bytes per implemented function.
        return Object.defineProperty(function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
            const result = Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return parse(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst.implementAsync = (func) => {
        if (typeof func !== "function") {
            throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
            const result = await Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return await parseAsync(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
            payload.issues.push({
                code: "invalid_type",
                expected: "function",
                input: payload.value,
                inst,
            });
            return payload;
        }
        // Check if output is a promise type to determine if we should use async implementation
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
            payload.value = inst.implementAsync(payload.value);
        }
        else {
            payload.value = inst.implement(payload.value);
        }
        return payload;
    };
    inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
            return new F({
                type: "function",
                input: new $ZodTuple({
                    type: "tuple",
                    items: args[0],
                    rest: args[1],
                }),
                output: inst._def.output,
            });
        }
        return new F({
            type: "function",
            input: args[0],
            output: inst._def.output,
        });
    };
    inst.output = (output) => {
        const F = inst.constructor;
        return new F({
            type: "function",
            input: inst._def.input,
            output,
        });
    };
    return inst;
})));
const $ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
    };
})));
const $ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def);
    // Cache the resolved inner type on the shared `def` so all clones of this lazy (e.g. via `.describe()`/`.meta()`) share the same inner instance, preserving identity for cycle detection on recursive schemas.
    util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
            d._cachedInner = def.getter();
        return d._cachedInner;
    });
    util.defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
    util.defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? undefined);
    util.defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? undefined);
    inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
    };
})));
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(issue(_iss));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/registries.js
var registries_a;
const $output = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodOutput")));
const $input = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodInput")));
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(registries_a = globalThis).__zod_globalRegistry ?? (registries_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/api.js




function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class, params) {
    return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class, params) {
    return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class, params) {
    return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class, params) {
    return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
const TimePrecision = {
    Any: null,
    Minute: -1,
    Second: 0,
    Millisecond: 3,
    Microsecond: 6,
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class, params) {
    return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class, params) {
    return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class, params) {
    return new Class({
        type: "bigint",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class, params) {
    return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class, params) {
    return new Class({
        type: "symbol",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_undefined(Class, params) {
    return new Class({
        type: "undefined",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_null(Class, params) {
    return new Class({
        type: "null",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _any(Class) {
    return new Class({
        type: "any",
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _void(Class, params) {
    return new Class({
        type: "void",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _date(Class, params) {
    return new Class({
        type: "date",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class, params) {
    return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class, params) {
    return new Class({
        type: "nan",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new checks.$ZodCheckLessThan({
        check: "less_than",
        ...util.normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _positive(params) {
    return _gt(0, params);
}
// negative
// @__NO_SIDE_EFFECTS__
function _negative(params) {
    return _lt(0, params);
}
// nonpositive
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
    return _lte(0, params);
}
// nonnegative
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
    return _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new checks.$ZodCheckMultipleOf({
        check: "multiple_of",
        ...util.normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
    return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum,
    });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
    return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
    return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new checks.$ZodCheckLengthEquals({
        check: "length_equals",
        ...util.normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new checks.$ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new checks.$ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new checks.$ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...util.normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new checks.$ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...util.normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new checks.$ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...util.normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
    return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
    return new checks.$ZodCheckProperties({
        check: "properties",
        shape,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
    return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new checks.$ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => util.slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _union(Class, options, params) {
    return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params),
    });
}
function _xor(Class, options, params) {
    return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class, discriminator, options, params) {
    return new Class({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class, left, right) {
    return new Class({
        type: "intersection",
        left,
        right,
    });
}
// export function _tuple(
//   Class: util.SchemaClass<schemas.$ZodTuple>,
//   items: [],
//   params?: string | $ZodTupleParams
// ): schemas.$ZodTuple<[], null>;
// @__NO_SIDE_EFFECTS__
function _tuple(Class, items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof schemas.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _record(Class, keyType, valueType, params) {
    return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _map(Class, keyType, valueType, params) {
    return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _set(Class, valueType, params) {
    return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class, values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    // if (Array.isArray(values)) {
    //   for (const value of values) {
    //     entries[value] = value;
    //   }
    // } else {
    //   Object.assign(entries, values);
    // }
    // const entries: util.EnumLike = {};
    // for (const val of values) {
    //   entries[val] = val;
    // }
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function _nativeEnum(Class, entries, params) {
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class, value, params) {
    return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _file(Class, params) {
    return new Class({
        type: "file",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class, fn) {
    return new Class({
        type: "transform",
        transform: fn,
    });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class, innerType) {
    return new Class({
        type: "optional",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class, innerType) {
    return new Class({
        type: "nullable",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _default(Class, innerType, defaultValue) {
    return new Class({
        type: "default",
        innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class, innerType, params) {
    return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _success(Class, innerType) {
    return new Class({
        type: "success",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class, innerType, catchValue) {
    return new Class({
        type: "catch",
        innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)),
    });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class, in_, out) {
    return new Class({
        type: "pipe",
        in: in_,
        out,
    });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class, innerType) {
    return new Class({
        type: "readonly",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class, parts, params) {
    return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class, getter) {
    return new Class({
        type: "lazy",
        getter,
    });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class, innerType) {
    return new Class({
        type: "promise",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
    const norm = util.normalizeParams(_params);
    norm.abort ?? (norm.abort = true); // default to abort:false
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...norm,
    });
    return schema;
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util.issue(issue, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(util.issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new checks.$ZodCheck({
        check: "custom",
        ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// @__NO_SIDE_EFFECTS__
function api_describe(description) {
    const ch = new $ZodCheck({ check: "describe" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, description });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
    const ch = new $ZodCheck({ check: "meta" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, ...metadata });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
    const params = util.normalizeParams(_params);
    let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
    let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
    if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
        falsyArray = falsyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
    }
    const truthySet = new Set(truthyArray);
    const falsySet = new Set(falsyArray);
    const _Codec = Classes.Codec ?? schemas.$ZodCodec;
    const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
    const _String = Classes.String ?? schemas.$ZodString;
    const stringSchema = new _String({ type: "string", error: params.error });
    const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
    const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
            let data = input;
            if (params.case !== "sensitive")
                data = data.toLowerCase();
            if (truthySet.has(data)) {
                return true;
            }
            else if (falsySet.has(data)) {
                return false;
            }
            else {
                payload.issues.push({
                    code: "invalid_value",
                    expected: "stringbool",
                    values: [...truthySet, ...falsySet],
                    input: payload.value,
                    inst: codec,
                    continue: false,
                });
                return {};
            }
        }),
        reverseTransform: ((input, _payload) => {
            if (input === true) {
                return truthyArray[0] || "true";
            }
            else {
                return falsyArray[0] || "false";
            }
        }),
        error: params.error,
    });
    codec._zod.bag.truthy = truthyArray;
    codec._zod.bag.falsy = falsyArray;
    codec._zod.bag.case = params.case ?? "insensitive";
    return codec;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class, format, fnOrRegex, _params = {}) {
    const params = util.normalizeParams(_params);
    const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params,
    };
    if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
    }
    const inst = new Class(def);
    return inst;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/errors.js


/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = $constructor("$ZodError", initializer);
const $ZodRealError = $constructor("$ZodError", initializer, undefined, {
    Parent: Error,
});
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}
function treeifyError(error, mapper = (issue) => issue.message) {
    const result = { errors: [] };
    const processError = (error, path = []) => {
        var _a;
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                // regular union error
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    result.errors.push(mapper(issue));
                    continue;
                }
                let curr = result;
                let i = 0;
                while (i < fullpath.length) {
                    const el = fullpath[i];
                    const terminal = i === fullpath.length - 1;
                    if (typeof el === "string") {
                        curr.properties ?? (curr.properties = {});
                        // el may collide with an inherited property name ("__proto__",
                        // "constructor", ...); ??= reads the prototype so the node is never
                        // created and curr.errors.push throws. Guard with hasOwnProperty and
                        // create the node with defineProperty so "__proto__" becomes a real
                        // own key rather than invoking the prototype setter.
                        if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                            Object.defineProperty(curr.properties, el, {
                                value: { errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        curr = curr.properties[el];
                    }
                    else {
                        curr.items ?? (curr.items = []);
                        (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                        curr = curr.items[el];
                    }
                    if (terminal) {
                        curr.errors.push(mapper(issue));
                    }
                    i++;
                }
            }
        }
    };
    processError(error);
    return result;
}
/** Format a ZodError as a human-readable string in the following form.
 *
 * From
 *
 * ```ts
 * ZodError {
 *   issues: [
 *     {
 *       expected: 'string',
 *       code: 'invalid_type',
 *       path: [ 'username' ],
 *       message: 'Invalid input: expected string'
 *     },
 *     {
 *       expected: 'number',
 *       code: 'invalid_type',
 *       path: [ 'favoriteNumbers', 1 ],
 *       message: 'Invalid input: expected number'
 *     }
 *   ];
 * }
 * ```
 *
 * to
 *
 * ```
 * username
 *   ✖ Expected number, received string at "username
 * favoriteNumbers[0]
 *   ✖ Invalid input: expected number
 * ```
 */
function toDotPath(_path) {
    const segs = [];
    const path = _path.map((seg) => (typeof seg === "object" ? seg.key : seg));
    for (const seg of path) {
        if (typeof seg === "number")
            segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
            segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
            segs.push(`[${JSON.stringify(seg)}]`);
        else {
            if (segs.length)
                segs.push(".");
            segs.push(seg);
        }
    }
    return segs.join("");
}
function prettifyError(error) {
    const lines = [];
    // sort by path length
    const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
    // Process each issue
    for (const issue of issues) {
        lines.push(`✖ ${issue.message}`);
        if (issue.path?.length)
            lines.push(`  → at ${toDotPath(issue.path)}`);
    }
    // Convert Map to formatted string
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/parse.js



// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new $ZodAsyncError();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parse = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parseAsync = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParse = /* @__PURE__*/ _safeParse($ZodRealError);
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParseAsync = /* @__PURE__*/ _safeParseAsync($ZodRealError);
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ (/* unused pure expression or super */ null && (Symbol.for("zod.compile.invalid")));
const COMPILE_FALLBACK = /* @__PURE__ */ (/* unused pure expression or super */ null && (Symbol.for("zod.compile.fallback")));
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new core.$ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const parse_validateAsync = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const encode = /* @__PURE__*/ _encode($ZodRealError);
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decode = /* @__PURE__*/ _decode($ZodRealError);
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const encodeAsync = /* @__PURE__*/ _encodeAsync($ZodRealError);
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decodeAsync = /* @__PURE__*/ _decodeAsync($ZodRealError);
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const safeEncode = /* @__PURE__*/ _safeEncode($ZodRealError);
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const safeDecode = /* @__PURE__*/ _safeDecode($ZodRealError);
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const safeEncodeAsync = /* @__PURE__*/ _safeEncodeAsync($ZodRealError);
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};
const safeDecodeAsync = /* @__PURE__*/ _safeDecodeAsync($ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/mini/schemas.js




const ZodMiniType = /*@__PURE__*/ $constructor("ZodMiniType", (inst, def) => {
    if (!inst._zod)
        throw new Error("Uninitialized schema in ZodMiniType.");
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
}, {
    // `with` is an alias for `check`: the same function object, not a wrapper.
    get with() {
        return this.check;
    },
    set with(value) {
        own(this, "with", value);
    },
    parse(data, params) {
        return parse_parse(this, data, params, { callee: this.parse });
    },
    parseAsync(data, params) {
        return parse_parseAsync(this, data, params, { callee: this.parseAsync });
    },
    safeParse(data, params) {
        return safeParse(this, data, params);
    },
    safeParseAsync(data, params) {
        return safeParseAsync(this, data, params);
    },
    check(...checks) {
        const def = this.def;
        return this.clone({
            ...def,
            checks: [
                ...(def.checks ?? []),
                ...checks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }, { parent: true });
    },
    clone(_def, params) {
        return clone(this, _def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
});
const ZodMiniString = /*@__PURE__*/ $constructor("ZodMiniString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function schemas_string(params) {
    return _string(ZodMiniString, params);
}
const ZodMiniStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniStringFormat", (inst, def) => {
    core.$ZodStringFormat.init(inst, def);
    ZodMiniString.init(inst, def);
})));
const ZodMiniEmail = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniEmail", (inst, def) => {
    core.$ZodEmail.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_email(params) {
    return core._email(ZodMiniEmail, params);
}
const ZodMiniGUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniGUID", (inst, def) => {
    core.$ZodGUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_guid(params) {
    return core._guid(ZodMiniGUID, params);
}
const ZodMiniUUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniUUID", (inst, def) => {
    core.$ZodUUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_uuid(params) {
    return core._uuid(ZodMiniUUID, params);
}
// @__NO_SIDE_EFFECTS__
function uuidv4(params) {
    return core._uuidv4(ZodMiniUUID, params);
}
// ZodMiniUUIDv6
// @__NO_SIDE_EFFECTS__
function uuidv6(params) {
    return core._uuidv6(ZodMiniUUID, params);
}
// ZodMiniUUIDv7
// @__NO_SIDE_EFFECTS__
function uuidv7(params) {
    return core._uuidv7(ZodMiniUUID, params);
}
const ZodMiniURL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniURL", (inst, def) => {
    core.$ZodURL.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function url(params) {
    return core._url(ZodMiniURL, params);
}
// @__NO_SIDE_EFFECTS__
function httpUrl(params) {
    return core._url(ZodMiniURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...util.normalizeParams(params),
    });
}
const ZodMiniEmoji = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniEmoji", (inst, def) => {
    core.$ZodEmoji.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_emoji(params) {
    return core._emoji(ZodMiniEmoji, params);
}
const ZodMiniNanoID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNanoID", (inst, def) => {
    core.$ZodNanoID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_nanoid(params) {
    return core._nanoid(ZodMiniNanoID, params);
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodMiniCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodMiniCUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCUID", (inst, def) => {
    core.$ZodCUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
/**
 * Validates a CUID v1 string.
 *
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2 | `z.cuid2()`} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function schemas_cuid(params) {
    return core._cuid(ZodMiniCUID, params);
}
const ZodMiniCUID2 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCUID2", (inst, def) => {
    core.$ZodCUID2.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_cuid2(params) {
    return core._cuid2(ZodMiniCUID2, params);
}
const ZodMiniULID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniULID", (inst, def) => {
    core.$ZodULID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ulid(params) {
    return core._ulid(ZodMiniULID, params);
}
const ZodMiniXID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniXID", (inst, def) => {
    core.$ZodXID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_xid(params) {
    return core._xid(ZodMiniXID, params);
}
const ZodMiniKSUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniKSUID", (inst, def) => {
    core.$ZodKSUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ksuid(params) {
    return core._ksuid(ZodMiniKSUID, params);
}
const ZodMiniIPv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIPv4", (inst, def) => {
    core.$ZodIPv4.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ipv4(params) {
    return core._ipv4(ZodMiniIPv4, params);
}
const ZodMiniIPv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIPv6", (inst, def) => {
    core.$ZodIPv6.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ipv6(params) {
    return core._ipv6(ZodMiniIPv6, params);
}
const ZodMiniCIDRv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCIDRv4", (inst, def) => {
    core.$ZodCIDRv4.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_cidrv4(params) {
    return core._cidrv4(ZodMiniCIDRv4, params);
}
const ZodMiniCIDRv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCIDRv6", (inst, def) => {
    core.$ZodCIDRv6.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_cidrv6(params) {
    return core._cidrv6(ZodMiniCIDRv6, params);
}
const ZodMiniMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniMAC", (inst, def) => {
    core.$ZodMAC.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_mac(params) {
    return core._mac(ZodMiniMAC, params);
}
const ZodMiniBase64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBase64", (inst, def) => {
    core.$ZodBase64.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_base64(params) {
    return core._base64(ZodMiniBase64, params);
}
const ZodMiniBase64URL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBase64URL", (inst, def) => {
    core.$ZodBase64URL.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_base64url(params) {
    return core._base64url(ZodMiniBase64URL, params);
}
const ZodMiniE164 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniE164", (inst, def) => {
    core.$ZodE164.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_e164(params) {
    return core._e164(ZodMiniE164, params);
}
const ZodMiniCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCreditCard", (inst, def) => {
    core.$ZodCreditCard.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_creditCard(params) {
    return core._creditCard(ZodMiniCreditCard, params);
}
const ZodMiniIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIBAN", (inst, def) => {
    core.$ZodIBAN.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_iban(params) {
    return core._iban(ZodMiniIBAN, params);
}
const ZodMiniJWT = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniJWT", (inst, def) => {
    core.$ZodJWT.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function jwt(params) {
    return core._jwt(ZodMiniJWT, params);
}
const ZodMiniCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCustomStringFormat", (inst, def) => {
    core.$ZodCustomStringFormat.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function stringFormat(format, fnOrRegex, _params = {}) {
    return core._stringFormat(ZodMiniCustomStringFormat, format, fnOrRegex, _params);
}
// @__NO_SIDE_EFFECTS__
function schemas_hostname(_params) {
    return core._stringFormat(ZodMiniCustomStringFormat, "hostname", regexes.hostname, _params);
}
// @__NO_SIDE_EFFECTS__
function schemas_hex(_params) {
    return core._stringFormat(ZodMiniCustomStringFormat, "hex", regexes.hex, _params);
}
// @__NO_SIDE_EFFECTS__
function schemas_currencyCode(_params) {
    return core._stringFormat(ZodMiniCustomStringFormat, "currency_code", regexes.currencyCode, _params);
}
// @__NO_SIDE_EFFECTS__
function hash(alg, params) {
    const enc = params?.enc ?? "hex";
    const format = `${alg}_${enc}`;
    const regex = core.regexes[format];
    // check for unrecognized format
    if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
    return core._stringFormat(ZodMiniCustomStringFormat, format, regex, params);
}
const ZodMiniNumber = /*@__PURE__*/ $constructor("ZodMiniNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function schemas_number(params) {
    return _number(ZodMiniNumber, params);
}
const ZodMiniNumberFormat = /*@__PURE__*/ $constructor("ZodMiniNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodMiniNumber.init(inst, def);
});
function schemas_int(params) {
    return _int(ZodMiniNumberFormat, params);
}
function float32(params) {
    return core._float32(ZodMiniNumberFormat, params);
}
function float64(params) {
    return core._float64(ZodMiniNumberFormat, params);
}
function int32(params) {
    return core._int32(ZodMiniNumberFormat, params);
}
function uint32(params) {
    return core._uint32(ZodMiniNumberFormat, params);
}
const ZodMiniBoolean = /*@__PURE__*/ $constructor("ZodMiniBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function schemas_boolean(params) {
    return _boolean(ZodMiniBoolean, params);
}
const ZodMiniBigInt = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBigInt", (inst, def) => {
    core.$ZodBigInt.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_bigint(params) {
    return core._bigint(ZodMiniBigInt, params);
}
const ZodMiniBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBigIntFormat", (inst, def) => {
    core.$ZodBigIntFormat.init(inst, def);
    ZodMiniBigInt.init(inst, def);
})));
function int64(params) {
    return core._int64(ZodMiniBigIntFormat, params);
}
function uint64(params) {
    return core._uint64(ZodMiniBigIntFormat, params);
}
const ZodMiniSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniSymbol", (inst, def) => {
    core.$ZodSymbol.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function symbol(params) {
    return core._symbol(ZodMiniSymbol, params);
}
const ZodMiniUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniUndefined", (inst, def) => {
    core.$ZodUndefined.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_undefined(params) {
    return core._undefined(ZodMiniUndefined, params);
}

const ZodMiniNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNull", (inst, def) => {
    core.$ZodNull.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_null(params) {
    return core._null(ZodMiniNull, params);
}

const ZodMiniAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniAny", (inst, def) => {
    core.$ZodAny.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function any() {
    return core._any(ZodMiniAny);
}
const ZodMiniUnknown = /*@__PURE__*/ $constructor("ZodMiniUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function unknown() {
    return _unknown(ZodMiniUnknown);
}
const ZodMiniNever = /*@__PURE__*/ $constructor("ZodMiniNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function never(params) {
    return _never(ZodMiniNever, params);
}
const ZodMiniVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniVoid", (inst, def) => {
    core.$ZodVoid.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_void(params) {
    return core._void(ZodMiniVoid, params);
}

const ZodMiniDate = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniDate", (inst, def) => {
    core.$ZodDate.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_date(params) {
    return core._date(ZodMiniDate, params);
}
const ZodMiniArray = /*@__PURE__*/ $constructor("ZodMiniArray", (inst, def) => {
    $ZodArray.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function array(element, params) {
    return new ZodMiniArray({
        type: "array",
        element: element,
        ...normalizeParams(params),
    });
}
// .keyof
// @__NO_SIDE_EFFECTS__
function keyof(schema) {
    const shape = schema._zod.def.shape;
    return schemas_enum(Object.keys(shape));
}
const ZodMiniObject = /*@__PURE__*/ $constructor("ZodMiniObject", (inst, def) => {
    $ZodObject.init(inst, def);
    ZodMiniType.init(inst, def);
    installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
});
// @__NO_SIDE_EFFECTS__
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...util.normalizeParams(params),
    };
    return new ZodMiniObject(def);
}
// strictObject
// @__NO_SIDE_EFFECTS__
function strictObject(shape, params) {
    return new ZodMiniObject({
        type: "object",
        shape,
        catchall: never(),
        ...normalizeParams(params),
    });
}
// looseObject
// @__NO_SIDE_EFFECTS__
function looseObject(shape, params) {
    return new ZodMiniObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...util.normalizeParams(params),
    });
}
// object methods
// @__NO_SIDE_EFFECTS__
function schemas_extend(schema, shape) {
    return util.extend(schema, shape);
}
// @__NO_SIDE_EFFECTS__
function schemas_safeExtend(schema, shape) {
    return util.safeExtend(schema, shape);
}
/**
 * @deprecated Use [`z.extend(A, B.shape)`](https://zod.dev/api?id=extend) instead.
 */
// @__NO_SIDE_EFFECTS__
function schemas_merge(a, b) {
    return util.merge(a, b);
}
// @__NO_SIDE_EFFECTS__
function schemas_pick(schema, mask) {
    return util.pick(schema, mask);
}
// .omit
// @__NO_SIDE_EFFECTS__
function schemas_omit(schema, mask) {
    return util.omit(schema, mask);
}
// @__NO_SIDE_EFFECTS__
function schemas_partial(schema, mask) {
    const def = schema._zod.def;
    if (def.type !== "tuple")
        return util.partial(ZodMiniOptional, schema, mask);
    // a refinement was authored against the full arity; partialing would run it on a shorter array
    if (def.checks?.length)
        throw new Error(".partial() cannot be used on tuple schemas containing refinements");
    return util.clone(schema, {
        ...def,
        items: def.items.map((item) => new ZodMiniOptional({ type: "optional", innerType: item })),
    });
}
// @__NO_SIDE_EFFECTS__
function exactPartial(schema, mask) {
    return util.partial(ZodMiniExactOptional, schema, mask, "exactPartial");
}
// @__NO_SIDE_EFFECTS__
function schemas_required(schema, mask) {
    return util.required(ZodMiniNonOptional, schema, mask);
}
// @__NO_SIDE_EFFECTS__
function catchall(inst, catchall) {
    // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
    return inst.clone(util.mergeDefs(inst._zod.def, { catchall: catchall }));
}
const ZodMiniUnion = /*@__PURE__*/ $constructor("ZodMiniUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function union(options, params) {
    return new ZodMiniUnion({
        type: "union",
        options: options,
        ...normalizeParams(params),
    });
}
const ZodMiniXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniXor", (inst, def) => {
    ZodMiniUnion.init(inst, def);
    core.$ZodXor.init(inst, def);
})));
/** Creates an exclusive union (XOR) where exactly one option must match.
 * Unlike regular unions that succeed when any option matches, xor fails if
 * zero or more than one option matches the input. */
function xor(options, params) {
    return new ZodMiniXor({
        type: "union",
        options: options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
const ZodMiniDiscriminatedUnion = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniDiscriminatedUnion", (inst, def) => {
    core.$ZodDiscriminatedUnion.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function discriminatedUnion(discriminator, options, params) {
    return new ZodMiniDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
const ZodMiniIntersection = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIntersection", (inst, def) => {
    core.$ZodIntersection.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function intersection(left, right) {
    return new ZodMiniIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodMiniTuple = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniTuple", (inst, def) => {
    core.$ZodTuple.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function tuple(items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof core.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new ZodMiniTuple({
        type: "tuple",
        items: items,
        rest,
        ...util.normalizeParams(params),
    });
}
const ZodMiniRecord = /*@__PURE__*/ $constructor("ZodMiniRecord", (inst, def) => {
    $ZodRecord.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodMiniRecord({
            type: "record",
            keyType: schemas_string(),
            valueType: keyType,
            ...normalizeParams(valueType),
        });
    }
    return new ZodMiniRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function partialRecord(keyType, valueType, params) {
    return new ZodMiniRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
        partial: true,
    });
}
function looseRecord(keyType, valueType, params) {
    return new ZodMiniRecord({
        type: "record",
        keyType,
        valueType: valueType,
        mode: "loose",
        ...util.normalizeParams(params),
    });
}
const ZodMiniMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniMap", (inst, def) => {
    core.$ZodMap.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function map(keyType, valueType, params) {
    return new ZodMiniMap({
        type: "map",
        keyType: keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodMiniSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniSet", (inst, def) => {
    core.$ZodSet.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function set(valueType, params) {
    return new ZodMiniSet({
        type: "set",
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodMiniEnum = /*@__PURE__*/ $constructor("ZodMiniEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodMiniType.init(inst, def);
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
});
// @__NO_SIDE_EFFECTS__
function schemas_enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodMiniEnum({
        type: "enum",
        entries,
        ...normalizeParams(params),
    });
}

// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function nativeEnum(entries, params) {
    return new ZodMiniEnum({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
const ZodMiniLiteral = /*@__PURE__*/ $constructor("ZodMiniLiteral", (inst, def) => {
    $ZodLiteral.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function literal(value, params) {
    return new ZodMiniLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...normalizeParams(params),
    });
}
const ZodMiniFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniFile", (inst, def) => {
    core.$ZodFile.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function file(params) {
    return core._file(ZodMiniFile, params);
}
const ZodMiniTransform = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniTransform", (inst, def) => {
    core.$ZodTransform.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function transform(fn) {
    return new ZodMiniTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodMiniOptional = /*@__PURE__*/ $constructor("ZodMiniOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function optional(innerType) {
    return new ZodMiniOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodMiniExactOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniExactOptional", (inst, def) => {
    core.$ZodExactOptional.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function exactOptional(innerType) {
    return new ZodMiniExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodMiniNullable = /*@__PURE__*/ $constructor("ZodMiniNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function nullable(innerType) {
    return new ZodMiniNullable({
        type: "nullable",
        innerType: innerType,
    });
}
// nullish
// @__NO_SIDE_EFFECTS__
function schemas_nullish(innerType) {
    return optional(nullable(innerType));
}
const ZodMiniDefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniDefault", (inst, def) => {
    core.$ZodDefault.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_default(innerType, defaultValue) {
    return new ZodMiniDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
const ZodMiniPrefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniPrefault", (inst, def) => {
    core.$ZodPrefault.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function prefault(innerType, defaultValue) {
    return new ZodMiniPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
const ZodMiniNonOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNonOptional", (inst, def) => {
    core.$ZodNonOptional.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function nonoptional(innerType, params) {
    return new ZodMiniNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...util.normalizeParams(params),
    });
}
const ZodMiniSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniSuccess", (inst, def) => {
    core.$ZodSuccess.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function success(innerType) {
    return new ZodMiniSuccess({
        type: "success",
        innerType: innerType,
    });
}
const ZodMiniCatch = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCatch", (inst, def) => {
    core.$ZodCatch.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_catch(innerType, catchValue) {
    return new ZodMiniCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : core.util.constantCatch(catchValue)),
    });
}

const ZodMiniNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNaN", (inst, def) => {
    core.$ZodNaN.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function nan(params) {
    return core._nan(ZodMiniNaN, params);
}
const ZodMiniPipe = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniPipe", (inst, def) => {
    core.$ZodPipe.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function pipe(in_, out) {
    return new ZodMiniPipe({
        type: "pipe",
        in: in_,
        out: out,
    });
}
const ZodMiniCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCodec", (inst, def) => {
    ZodMiniPipe.init(inst, def);
    core.$ZodCodec.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function codec(in_, out, params) {
    return new ZodMiniCodec({
        type: "pipe",
        in: in_,
        out: out,
        transform: params.decode,
        reverseTransform: params.encode,
    });
}
// @__NO_SIDE_EFFECTS__
function invertCodec(codec) {
    const def = codec._zod.def;
    return new ZodMiniCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform,
    });
}
const ZodMiniReadonly = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniReadonly", (inst, def) => {
    core.$ZodReadonly.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function readonly(innerType) {
    return new ZodMiniReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodMiniTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniTemplateLiteral", (inst, def) => {
    core.$ZodTemplateLiteral.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function templateLiteral(parts, params) {
    return new ZodMiniTemplateLiteral({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
const ZodMiniLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniLazy", (inst, def) => {
    core.$ZodLazy.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// export function lazy<T extends object>(getter: () => T): T {
//   return util.createTransparentProxy<T>(getter);
// }
// @__NO_SIDE_EFFECTS__
function schemas_lazy(getter) {
    return new ZodMiniLazy({
        type: "lazy",
        getter: getter,
    });
}

const ZodMiniPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniPromise", (inst, def) => {
    core.$ZodPromise.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function promise(innerType) {
    return new ZodMiniPromise({
        type: "promise",
        innerType: innerType,
    });
}
const ZodMiniCustom = /*@__PURE__*/ $constructor("ZodMiniCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodMiniType.init(inst, def);
});
// custom checks
// @__NO_SIDE_EFFECTS__
function check(fn, params) {
    const ch = new core.$ZodCheck({
        check: "custom",
        ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// ZodCustom custom schema
// @__NO_SIDE_EFFECTS__
function custom(fn, _params) {
    return core._custom(ZodMiniCustom, fn ?? (() => true), _params);
}
// refine
// @__NO_SIDE_EFFECTS__
function refine(fn, _params = {}) {
    return _refine(ZodMiniCustom, fn, _params);
}
// superRefine
// @__NO_SIDE_EFFECTS__
function superRefine(fn, params) {
    return core._superRefine(fn, params);
}
// Re-export describe and meta from core
const schemas_describe = api_describe;
const schemas_meta = meta;
// instanceof
class schemas_Class {
    constructor(..._args) { }
}
// @__NO_SIDE_EFFECTS__
function _instanceof(cls, params = {}) {
    const inst = custom((data) => data instanceof cls, params);
    inst._zod.bag.Class = cls;
    // Override check to emit invalid_type instead of custom
    inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
            payload.issues.push({
                code: "invalid_type",
                expected: cls.name,
                input: payload.value,
                inst,
                path: [...(inst._zod.def.path ?? [])],
            });
        }
    };
    return inst;
}

// stringbool
const stringbool = (...args) => core._stringbool({
    Codec: ZodMiniCodec,
    Boolean: ZodMiniBoolean,
    String: ZodMiniString,
}, ...args);
// @__NO_SIDE_EFFECTS__
function json() {
    const jsonSchema = schemas_lazy(() => {
        return union([schemas_string(), schemas_number(), schemas_boolean(), schemas_null(), array(jsonSchema), record(schemas_string(), jsonSchema)]);
    });
    return jsonSchema;
}
const ZodMiniFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniFunction", (inst, def) => {
    core.$ZodFunction.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function _function(params) {
    return new ZodMiniFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
        output: params?.output ?? unknown(),
    });
}


;// CONCATENATED MODULE: ./node_modules/zod/v4/locales/en.js

const error = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = parsedType(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
                return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
/* harmony default export */ function en() {
    return {
        localeError: error(),
    };
}

;// CONCATENATED MODULE: ./src/core/schema.ts
/**
 * Configures the zod every schema is built with. zod/mini rather than the classic API: an
 * action is a short-lived process, and mini costs less to load and to build schemas with
 * (bench B7). Messages in English; no JIT compilation of parsers, which a process that
 * parses a handful of values never recoups. Schema modules import this for its effect.
 */


config({ ...en(), jitless: true });

;// CONCATENATED MODULE: ./src/core/states.ts


const states_STATES = [
    'proposed',
    'previewed',
    'admission_blocked',
    'admitted',
    'dispatched',
    'attempt_failed',
    'candidate_observed',
    'normalized',
    'verification_requested',
    'verification_error',
    'evidence_ready',
    'awaiting_human_decision',
    'decided',
    'cancelled'
];
const states_StateSchema = schemas_enum(states_STATES);
const TERMINAL_STATES = new Set([
    'decided',
    'cancelled',
    'admission_blocked'
]);
function states_isTerminal(state) {
    return TERMINAL_STATES.has(state);
}
/** docs/design/states.md. `cancelled` is added to every non-terminal state by `isLegalTransition`. */
const SUCCESSORS = {
    proposed: ['previewed', 'admission_blocked'],
    previewed: ['admitted', 'admission_blocked'],
    admission_blocked: [],
    // admitted → decided: a receiver's own run ended by its observed conclusion (policy only).
    admitted: ['dispatched', 'decided'],
    dispatched: ['dispatched', 'attempt_failed', 'candidate_observed'],
    // attempt_failed: an operator's retry or resolve of the same attempt (docs/design/operators.md).
    attempt_failed: ['dispatched', 'attempt_failed'],
    // candidate_observed → decided: a successful receiver approved by on-success (policy only).
    candidate_observed: ['normalized', 'decided'],
    normalized: ['verification_requested'],
    verification_requested: ['evidence_ready', 'verification_error'],
    verification_error: ['verification_requested'],
    evidence_ready: ['awaiting_human_decision'],
    awaiting_human_decision: ['decided'],
    decided: [],
    cancelled: []
};
/**
 * Transitions only a policy may take (docs/design/lifecycle.md): their `decided` record must carry
 * a decision whose `by` starts with POLICY_PREFIX. A person's or a coordinator's decision goes
 * the long way (verification, then a human decision).
 */
const POLICY_ONLY = [
    ['admitted', 'decided'],
    ['candidate_observed', 'decided']
];
const states_POLICY_PREFIX = 'policy:';
function isPolicyOnly(from, to) {
    return POLICY_ONLY.some(([a, b]) => a === from && b === to);
}
function isLegalTransition(from, to) {
    if (states_isTerminal(from))
        return false;
    return to === 'cancelled' || SUCCESSORS[from].includes(to);
}
/** States a ledger may start in (docs/design/storage.md#admission: `admitted`, or `proposed` for preview-first flows). */
const INITIAL_STATES = ['admitted', 'proposed'];
const InitialStateSchema = schemas_enum(INITIAL_STATES);

;// CONCATENATED MODULE: ./src/core/text.ts
/**
 * docs/design/writers.md "Text safety": names that identify a dispatch or a run carry no control characters,
 * and every outside value is shown as inert text. Pure.
 */

/** C0, DEL, C1, and the Unicode line and paragraph separators. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const MAX_RUN_ID_LENGTH = 1024;
/** The first control character in text, described (`U+0009`), or null when there is none. */
function findControlCharacter(text) {
    const match = CONTROL_CHARACTERS.exec(text);
    if (!match)
        return null;
    const code = match[0].codePointAt(0);
    return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
/** A run id given by the caller: non-empty, at most 1024 characters, no control characters. */
function text_checkRunId(runId) {
    const control = findControlCharacter(runId);
    if (runId === '' || runId.length > MAX_RUN_ID_LENGTH || control !== null)
        throw new errors_InvalidInput(`The \`run_id\` ${quoted(runId.slice(0, 80))} is not a valid run id: ` +
            (control !== null
                ? `it contains the control character ${control}`
                : `it must be 1 to ${MAX_RUN_ID_LENGTH} characters`) +
            '. Give the `run_id` as printable text, such as the run_id output of admit.');
    return runId;
}
/**
 * What a terminal or a log must never receive raw: C0, DEL and C1 (an escape sequence can
 * retitle a window or clear the screen), the line and paragraph separators, and the
 * bidirectional controls (they reorder what is shown, so a name can read as another).
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/**
 * Text as it may be printed anywhere: each character above shown as its JSON escape
 * (`\u001b`, `\u202e`), everything else, any other non-ASCII included, kept. The one escaping
 * function: every printed or logged form below is built on it.
 */
function escapeControls(text) {
    return text.replace(UNPRINTABLE, c => `\\u${c.codePointAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * A value quoted for a message or a log line: JSON string syntax (which escapes C0 itself),
 * with the characters JSON leaves raw escaped too, so no value can break or colour a line.
 */
function quoted(value) {
    return escapeControls(JSON.stringify(value));
}
/**
 * A message as one inert log line: its line breaks (and the space around them) become one
 * space, every other control character its escape.
 */
function logLine(message) {
    return escapeControls(message.replace(/\s*\n\s*/g, ' '));
}
/**
 * A value as indented JSON a terminal may show: JSON.stringify leaves DEL, C1, the separators
 * and the bidirectional controls raw inside strings, so each line is escaped (the line breaks
 * between them are layout; inside a string JSON has escaped them already).
 */
function inertJson(value) {
    return JSON.stringify(value, null, 2).split('\n').map(escapeControls).join('\n');
}
const HTML_SPECIAL = /[&<>"'`|\\[\]*_#!~]/g;
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g;
/**
 * A value from an event, an input or the store, made safe to place anywhere in a job summary:
 * markdown and HTML specials become character references, line breaks are shown as `⏎` (so a
 * value can never end a block and start a heading, a link or an image), and any other control
 * character, a bidirectional control included, is shown by its code (`\u001b`, `\u202e`).
 */
function inertText(value) {
    return escapeControls(value.replace(HTML_SPECIAL, c => `&#${c.charCodeAt(0)};`).replace(LINE_BREAK, '⏎'));
}

;// CONCATENATED MODULE: ./src/core/record.ts





const RECORD_SCHEMA = 'dispatch-ledger/record/v1';
/** A non-empty string of at most max characters. */
const Text = (max) => schemas_string().check(_minLength(1), _maxLength(max));
/** docs/design/writers.md: run ids are printable: no control characters. */
const RunIdSchema = Text(1024).check(refine(id => !CONTROL_CHARACTERS.test(id), 'must not contain control characters'));
const DigestSchema = schemas_string()
    .check(_regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256: followed by 64 lowercase hex digits'));
/** RFC 3339 in UTC, ending in Z, from the year 2000 to 9999 (docs/design/writers.md "Time"). */
const TimestampSchema = schemas_string()
    .check(_regex(/^(?:2\d{3}|[3-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/, 'must be an RFC 3339 UTC time ending in Z, in the years 2000 to 9999'));
const TRIGGERS = [
    'issue',
    'pull_request',
    'issue_comment',
    'workflow_dispatch',
    'repository_dispatch',
    'workflow_call',
    'push',
    'schedule',
    'webhook',
    'recovery',
    'provider_observation',
    'operator',
    'system'
];
const TriggerSchema = schemas_enum(TRIGGERS);
const ActorSchema = strictObject({
    login: Text(256),
    id: schemas_int().check(_nonnegative())
});
const IdempotencySchema = strictObject({
    dispatch_key: schemas_string().check(_minLength(1), refine(key => !CONTROL_CHARACTERS.test(key), 'must not contain control characters')),
    request_digest: DigestSchema,
    input_key: nullable(Text(1024))
});
const AttemptSchema = strictObject({
    number: schemas_int().check(_gte(1)),
    reason: schemas_enum(['initial', 'retry', 'recovery'])
});
const SUBMISSION_STATES = [
    'not_submitted',
    'submitted',
    'ambiguous',
    'definite_failure'
];
const SubmissionStateSchema = schemas_enum(SUBMISSION_STATES);
const ProviderSchema = strictObject({
    driver: Text(256),
    submission_state: SubmissionStateSchema,
    // A `__proto__` name is refused before parsing (findProtoKey): zod would drop it silently.
    external_ids: record(schemas_string(), schemas_string())
});
const FailureSchema = strictObject({
    code: Text(256),
    classification: schemas_enum([
        'policy_denied',
        'configuration',
        'provider',
        'candidate_normalization',
        'verification',
        'timeout',
        'cancelled',
        'recovery_required',
        'internal'
    ]),
    retryable: schemas_boolean()
});
const EvidenceSchema = strictObject({
    kind: Text(256),
    digest: DigestSchema,
    uri: Text(4096).check(refine(uri => !uri.split(/[/\\]/).includes('..'), 'must not contain a .. path segment'))
});
const DecisionSchema = strictObject({
    outcome: schemas_enum(['approved', 'rejected']),
    by: Text(256)
});
const denied = literal(false, {
    error: 'must be false: a record is evidence, never a grant of authority'
});
const AuthoritySchema = strictObject({
    dispatch: denied,
    verification: denied,
    acceptance: denied,
    canonical_state_write: denied,
    git_push: denied,
    integration: denied,
    merge: denied
});
/** Every flag false: the only authority value a record may carry. */
const NO_AUTHORITY = Object.freeze({
    dispatch: false,
    verification: false,
    acceptance: false,
    canonical_state_write: false,
    git_push: false,
    integration: false,
    merge: false
});
/**
 * docs/design/writers.md: the workflow run that appended a record (null outside Actions). Part of the record's
 * JCS and digest, so the chain itself says which run and attempt wrote each step.
 */
const WriterSchema = strictObject({
    github_run_id: schemas_string()
        .check(_regex(/^[1-9][0-9]{0,19}$/, 'must be a workflow run id (digits)')),
    run_attempt: schemas_int().check(_gte(1)),
    workflow_ref: schemas_string().check(_maxLength(1024))
});
/** docs/design/storage.md: a ledger record. Closed at every level. */
const RecordSchema = strictObject({
    schema: literal(RECORD_SCHEMA),
    run_id: RunIdSchema,
    ledger_sequence: schemas_int().check(_gte(1)),
    previous_record_digest: nullable(DigestSchema),
    state: states_StateSchema,
    occurred_at: TimestampSchema,
    trigger: TriggerSchema,
    actor: nullable(ActorSchema),
    idempotency: IdempotencySchema,
    attempt: nullable(AttemptSchema),
    provider: nullable(ProviderSchema),
    failure: nullable(FailureSchema),
    evidence: array(EvidenceSchema),
    decision: nullable(DecisionSchema),
    note: nullable(schemas_string().check(_maxLength(4096))),
    authority: AuthoritySchema,
    writer: nullable(WriterSchema)
});
/** The fields a `record` input may set; the action fills in the rest. */
const record_RecordInputSchema = strictObject({
    attempt: optional(nullable(AttemptSchema)),
    provider: optional(nullable(ProviderSchema)),
    failure: optional(nullable(FailureSchema)),
    evidence: optional(array(EvidenceSchema)),
    decision: optional(nullable(DecisionSchema)),
    note: optional(nullable(schemas_string().check(_maxLength(4096)))),
    input_key: optional(nullable(Text(1024)))
});
/** A run's record as a link of the one chain entity (core/chain/definition.ts). */
const record_RUN_ENTRY = {
    schema: RECORD_SCHEMA,
    noun: 'record',
    fields: { sequence: 'ledger_sequence', previousDigest: 'previous_record_digest' },
    ends: record => states_isTerminal(record.state),
    keyOf: record => record.idempotency.dispatch_key,
    sequence: record => record.ledger_sequence,
    previousDigest: record => record.previous_record_digest,
    state: record => record.state,
    occurredAt: record => record.occurred_at
};

;// CONCATENATED MODULE: ./src/core/admission.ts




const ADMISSION_SCHEMA = 'dispatch-ledger/admission/v1';
const MAX_KEY_BYTES = 1024;
const DispatchKeySchema = schemas_string().check(_minLength(1, 'must not be empty'), refine(key => Buffer.byteLength(key, 'utf8') <= MAX_KEY_BYTES, `must be at most ${MAX_KEY_BYTES} UTF-8 bytes`), refine(key => !CONTROL_CHARACTERS.test(key), 'must not contain control characters'));
/**
 * docs/design/storage.md, docs/design/generations.md: the immutable record that a key was admitted for a run. Closed. `generation`
 * and `previous_run_id` came with generations; an admission written before them (v0.1) has
 * neither and is read as generation 1 with no previous run, which is what it was. One of the
 * two without the other, or a generation that contradicts its previous run, is corrupt.
 */
const StoredAdmissionSchema = strictObject({
    schema: literal(ADMISSION_SCHEMA),
    dispatch_key: DispatchKeySchema,
    request_digest: DigestSchema,
    run_id: RunIdSchema,
    ledger_ref: schemas_string().check(_regex(/^refs\/.+\/runs\/[0-9a-f]{64}$/, 'must be a ledger ref')),
    admitted_at: TimestampSchema,
    generation: optional(schemas_int().check(_gte(1), _lte(999_999_999))),
    previous_run_id: optional(nullable(RunIdSchema))
})
    .check(refine(a => (a.generation === undefined) === (a.previous_run_id === undefined), 'generation and previous_run_id must be given together'), refine(a => a.generation === undefined || (a.generation === 1) === (a.previous_run_id === null), 'previous_run_id must be null for generation 1 and a run id for any later generation'));
/** Reads a stored admission's generation fields, defaulting those of a v0.1 admission. */
function withGeneration(stored) {
    return {
        ...stored,
        generation: stored.generation ?? 1,
        previous_run_id: stored.previous_run_id ?? null
    };
}

;// CONCATENATED MODULE: ./src/core/entry.ts





/** git's empty tree: every entry commit points at it. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
/** Fixed author and committer, so an entry's object id depends only on its content. */
const IDENTITY = 'dispatch-ledger <dispatch-ledger@users.noreply.github.com>';
function encodeCommit(spec) {
    const parent = spec.parent ? `parent ${spec.parent}\n` : '';
    const stamp = `${spec.time} +0000`;
    return (`tree ${EMPTY_TREE}\n${parent}` +
        `author ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n` +
        `${spec.subject}\n\n${spec.json}\n`);
}
/** An entry commit's time: the record's own time, in whole seconds, so its id is reproducible. */
function epochSeconds(timestamp) {
    return Math.floor(Date.parse(timestamp) / 1000);
}
/** The subject of every admission commit. */
const ADMISSION_SUBJECT = 'dispatch-ledger admission';
/** Any stored shape can be written, so tests can lay down a v0.1 admission as it was. */
function admissionCommit(admission) {
    return {
        parent: null,
        time: epochSeconds(admission.admitted_at),
        subject: ADMISSION_SUBJECT,
        json: canonicalJson(admission)
    };
}
/** The subject line of the entry commit that stores a chain's record: it names its place. */
function chainSubject(entry, record) {
    return `dispatch-ledger ${entry.noun} ${entry.sequence(record)} ${entry.state(record)}`;
}
/** The entry commit that stores a chain's record: the subject line names its place. */
function chainCommit(entry, record, parent) {
    return {
        parent,
        time: epochSeconds(entry.occurredAt(record)),
        subject: chainSubject(entry, record),
        json: canonical_canonicalJson(record)
    };
}
function entry_recordCommit(record, parent) {
    return chainCommit(RUN_ENTRY, record, parent);
}
function parseCommit(raw) {
    const split = raw.indexOf('\n\n');
    const header = split === -1 ? raw : raw.slice(0, split);
    const message = split === -1 ? '' : raw.slice(split + 2);
    let tree = '';
    const parents = [];
    for (const line of header.split('\n')) {
        if (line.startsWith('tree '))
            tree = line.slice(5);
        else if (line.startsWith('parent '))
            parents.push(line.slice(7));
    }
    return { tree, parents, message };
}
/**
 * Decode and validate the JSON an entry commit carries. Anything off — not our layout,
 * not JSON, not canonical, not the schema — is corrupt, named by its ref.
 */
function decodeEntry(ref, raw, schema, oid) {
    const { message } = parseCommit(raw);
    const split = message.indexOf('\n\n');
    if (split === -1)
        throw new errors_CorruptEntry(ref, 'the commit message has no JSON body', oid);
    const body = message.slice(split + 2).replace(/\n$/, '');
    let value;
    try {
        value = JSON.parse(body);
    }
    catch {
        throw new errors_CorruptEntry(ref, 'the commit message body is not JSON', oid);
    }
    const proto = validate_findProtoKey(value);
    if (proto !== null)
        throw new errors_CorruptEntry(ref, `it has a field named __proto__ (${proto})`, oid);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? issue.path.join('.') : 'the entry';
        throw new errors_CorruptEntry(ref, `${where} ${issue?.message ?? 'is invalid'}`, oid);
    }
    if (canonical_canonicalJson(value) !== body)
        throw new errors_CorruptEntry(ref, 'the JSON body is not in canonical (JCS) form', oid);
    return { value: parsed.data, json: body };
}
function decodeAdmission(ref, raw) {
    return withGeneration(decodeEntry(ref, raw, StoredAdmissionSchema).value);
}
/** A stored record and its canonical JSON text (which digests it without re-encoding). */
function entry_decodeRecord(ref, raw, oid) {
    return decodeEntry(ref, raw, RecordSchema, oid);
}

;// CONCATENATED MODULE: ./src/store/git.ts







/**
 * Settings every git process gets. Durability: objects and refs are fsynced before git
 * reports success (git ≥ 2.36). Lock timeouts: concurrent writers wait for each other's
 * ref locks instead of failing at once, so the loser sees the winner's ref, not a lock error.
 */
const BASE_CONFIG = [
    '-c',
    'core.fsync=objects,reference',
    '-c',
    'core.fsyncMethod=fsync',
    '-c',
    'core.filesRefLockTimeout=10000',
    '-c',
    'core.packedRefsTimeout=10000'
];
/**
 * For commands that talk to a remote: protocol v2 (the server filters refs by prefix), no
 * prompts, and a stalled transfer fails instead of hanging the step; a failure then goes
 * through the ambiguity path, which looks at what the remote holds.
 */
const NETWORK_CONFIG = [
    '-c',
    'protocol.version=2',
    '-c',
    'http.lowSpeedLimit=1',
    '-c',
    'http.lowSpeedTime=60',
    '-c',
    'credential.interactive=never'
];
/**
 * Every fetch: quiet, no tags, nothing else written or run. Entries share no history with the
 * checkout, so negotiating is a wasted round trip.
 */
const FETCH = [
    ...NETWORK_CONFIG,
    '-c',
    'fetch.negotiationAlgorithm=noop',
    'fetch',
    '--quiet',
    '--no-tags',
    '--no-write-fetch-head',
    '--no-auto-gc',
    '--no-recurse-submodules'
];
/**
 * The one place git processes are spawned. Each method runs one git command, always with
 * an argument array (never a shell), so no event field can become a command.
 */
class git_Git {
    cwd;
    env;
    /** How many git processes this instance started; the benchmarks and tests read it. */
    spawned = 0;
    constructor(cwd, env = process.env) {
        this.cwd = cwd;
        this.env = env;
    }
    /** Runs one git command to completion. Exit codes are returned, not thrown. */
    run(args, input) {
        return new Promise((resolve, reject) => {
            const child = this.start(args);
            const out = [];
            const err = [];
            child.stdout.on('data', (chunk) => out.push(chunk));
            child.stderr.on('data', (chunk) => err.push(chunk));
            child.on('error', error => reject(this.spawnError(error)));
            child.on('close', code => resolve({
                code: code ?? 128,
                stdout: Buffer.concat(out).toString('utf8'),
                stderr: Buffer.concat(err).toString('utf8')
            }));
            child.stdin.on('error', () => { }); // git may exit before reading all of its input
            child.stdin.end(input ?? '');
        });
    }
    /** Like run(), but a non-zero exit is a StoreError carrying git's own words. */
    async ok(args, input) {
        const result = await this.run(args, input);
        if (result.code !== 0)
            throw this.failure(args, result);
        return result.stdout;
    }
    start(args) {
        this.spawned++;
        return (0,external_node_child_process_namespaceObject.spawn)('git', [...BASE_CONFIG, ...args], {
            cwd: this.cwd,
            env: { ...quietTraces(this.env), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', LANGUAGE: 'C' },
            stdio: ['pipe', 'pipe', 'pipe']
        });
    }
    /** Writes one object of the given type (validated by git, e.g. a tag); returns its id. */
    async writeObject(object) {
        const out = await this.ok(['hash-object', '-t', object.type, '-w', '--stdin'], object.text);
        return out.trim();
    }
    /**
     * git treats the empty tree as always present, but `git fsck` reports it missing unless
     * it is written. Every entry points at it, so write its loose object (15 bytes) where it
     * is absent — from here rather than with another git process on every fresh checkout.
     */
    async ensureEmptyTree() {
        if (this.emptyTreeWritten)
            return;
        const objects = await this.objectsDir();
        try {
            await this.writeEmptyTree(objects);
        }
        catch (error) {
            throw new errors_StoreError(`Cannot write to the object directory ${objects} (${error.code ?? error.message}). ` +
                'Nothing was admitted or recorded. The step must be able to write the repository: ' +
                'run it as the user that owns the checkout, on a writable file system.');
        }
        this.emptyTreeWritten = true;
    }
    writeEmptyTree(objects) {
        return writeLoose(objects, EMPTY_TREE, Buffer.from('tree 0\0', 'latin1'));
    }
    /**
     * Stores objects whose ids the caller computed (index trees and blobs) as loose objects,
     * fsynced, without a git process; an object already present is left as it is.
     */
    async writeObjects(objects) {
        if (objects.length === 0)
            return;
        const dir = await this.objectsDir();
        await Promise.all(objects.map(o => writeLoose(dir, o.oid, Buffer.concat([Buffer.from(`${o.type} ${o.body.length}\0`), o.body]))));
    }
    /**
     * One all-or-nothing ref transaction of creates, moves and deletes, each on the value the
     * caller read. False, with nothing written, when any ref is not what was expected.
     */
    async changeRefs(changes) {
        const lines = changes.map(c => c.oid === null
            ? `delete ${c.ref} ${c.expected ?? ''}`.trimEnd()
            : c.expected === null
                ? createLine(c.ref, c.oid)
                : `update ${c.ref} ${c.oid} ${c.expected}`);
        const result = await this.run(UPDATE_REFS, transaction(lines));
        if (result.code === 0)
            return true;
        if (/reference already exists|unable to resolve reference|is at [0-9a-f]+ but expected|reference is missing/.test(result.stderr) &&
            !refNameClash(result.stderr))
            return false;
        throw this.failure(UPDATE_REFS, result);
    }
    /**
     * The symbolic refs under a prefix (docs/design/writers.md#only-plain-refs). A symbolic ref
     * is always a loose file starting `ref: ` (packed-refs cannot hold one), so the usual layouts
     * are read from the file system, no process; anything unusual asks for-each-ref.
     */
    async symbolicRefs(prefix) {
        const common = await this.commonDir();
        if (!common) {
            const out = await this.ok(['for-each-ref', '--format=%(symref) %(refname)', prefix]);
            return out
                .split('\n')
                .filter(line => line && !line.startsWith(' '))
                .map(line => line.slice(line.indexOf(' ') + 1));
        }
        return looseSymbolicRefs(common, prefix);
    }
    /** Every ref under prefix as this repository holds it, symbolic ones with their target. */
    async rawRefs(prefix) {
        const out = await this.ok([
            'for-each-ref',
            '--format=%(objectname) %(symref) %(refname)',
            prefix
        ]);
        return out
            .split('\n')
            .filter(Boolean)
            .map(line => {
            const [oid, symref, ...name] = line.split(' ');
            return { ref: name.join(' '), oid, symref: symref === '' ? null : symref };
        });
    }
    /**
     * Every ref under prefix as a remote holds it, in one `ls-remote --symref`: over protocol v2
     * the server names the target of every symbolic ref (`ref: <target>\t<name>`), not only HEAD's.
     */
    async remoteRawRefs(remote, prefix) {
        const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', '--symref', remote, `${prefix}*`]);
        const refs = new Map();
        for (const line of out.split('\n').filter(Boolean)) {
            const [left, name] = line.split('\t');
            // A pattern matches a name's tail: only what lies under the prefix is ours.
            if (name === undefined || !name.startsWith(prefix))
                continue;
            const held = refs.get(name) ?? { oid: '', symref: null };
            if (left.startsWith('ref: '))
                held.symref = left.slice('ref: '.length);
            else
                held.oid = left;
            refs.set(name, held);
        }
        return [...refs].map(([ref, held]) => ({ ref, ...held }));
    }
    /**
     * `<oid> <ref>` of every ref under the prefixes. In the usual layouts read from the ref files
     * themselves (loose refs, then packed-refs; a loose ref wins), no process: a listing is a
     * snapshot either way, stale the moment it returns, and every write that acts on it is an
     * all-or-nothing transaction on the values read. Anything unusual — no plain git directory,
     * a reftable, a symbolic or unreadable ref file — asks for-each-ref instead.
     */
    async listRefs(prefixes) {
        checkPrefixes(prefixes);
        const common = prefixes.length > 0 ? await this.commonDir() : null;
        const files = common ? await refFiles(common, prefixes) : null;
        if (files)
            return files;
        const lines = await this.forEachRef(prefixes, '%(objectname) %(refname)');
        return lines.map(([oid, ref]) => ({ oid: oid, ref: ref }));
    }
    /** The space-separated fields of each line for-each-ref prints for `<prefix>*`. */
    async forEachRef(prefixes, format) {
        if (prefixes.length === 0)
            return [];
        const out = await this.ok(['for-each-ref', `--format=${format}`, ...prefixes.map(p => `${p}*`)]);
        return out
            .split('\n')
            .filter(Boolean)
            .map(line => line.split(' '));
    }
    emptyTreeWritten = false;
    /** The object directory, found without a process for the usual layouts. */
    async objectsDir() {
        const common = await this.commonDir();
        if (common)
            return (0,external_node_path_.join)(common, 'objects');
        const out = await this.ok(['rev-parse', '--git-path', 'objects']);
        return (0,external_node_path_.resolve)(this.cwd, out.trim());
    }
    /**
     * The repository's common git directory for a plain checkout, a linked worktree or a bare
     * repository, read from the file system; null for anything unusual (then ask git).
     */
    /** The repository's common git directory, from its files or, when unusual, from git. */
    async gitCommonDir() {
        const known = await this.commonDir();
        if (known)
            return known;
        return (0,external_node_path_.resolve)(this.cwd, (await this.ok(['rev-parse', '--git-common-dir'])).trim());
    }
    async commonDir() {
        if (this.env.GIT_DIR || this.env.GIT_OBJECT_DIRECTORY || this.env.GIT_CONFIG)
            return null;
        const dotGit = (0,external_node_path_.join)(this.cwd, '.git');
        const info = await (0,promises_namespaceObject.stat)(dotGit).catch(() => null);
        let gitDir = null;
        if (info?.isDirectory())
            gitDir = dotGit;
        else if (info?.isFile()) {
            const pointer = /^gitdir: (.+)$/m.exec(await (0,promises_namespaceObject.readFile)(dotGit, 'utf8'));
            if (pointer?.[1])
                gitDir = (0,external_node_path_.resolve)(this.cwd, pointer[1].trim());
        }
        else if ((await exists((0,external_node_path_.join)(this.cwd, 'HEAD'))) && (await exists((0,external_node_path_.join)(this.cwd, 'objects'))))
            gitDir = this.cwd;
        if (!gitDir)
            return null;
        const common = await (0,promises_namespaceObject.readFile)((0,external_node_path_.join)(gitDir, 'commondir'), 'utf8').catch(() => null);
        return common ? (0,external_node_path_.resolve)(gitDir, common.trim()) : gitDir;
    }
    /**
     * Whether a remote is configured. Read from the repository's config file when it is plain
     * (no includes), which saves a git process on every step; otherwise git is asked.
     */
    async hasRemote(remote) {
        const common = await this.commonDir();
        const config = common ? await (0,promises_namespaceObject.readFile)((0,external_node_path_.join)(common, 'config'), 'utf8').catch(() => null) : null;
        if (config !== null && !/^\s*\[include/im.test(config)) {
            let inRemote = false;
            for (const line of config.split('\n')) {
                const section = /^\s*\[\s*([^\]"\s]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
                if (section)
                    inRemote = section[1]?.toLowerCase() === 'remote' && section[2] === remote;
                else if (inRemote && /^\s*url\s*=\s*\S/i.test(line))
                    return true;
            }
            return false;
        }
        const result = await this.run(['config', '--get', `remote.${remote}.url`]);
        if (result.code === 0)
            return result.stdout.trim() !== '';
        if (result.code === 1)
            return false;
        throw this.failure(['config'], result);
    }
    /**
     * One push with a lease per ref (`ref:` = must not exist, `ref:<oid>` = must still be
     * oid), atomic when asked; the porcelain lines are parsed by the caller. With `follow`, the
     * push itself sets this repository's own copy of every ref it moved (see PushResult).
     */
    async push(remote, updates, options) {
        const follow = options.follow === true && !/[=\n]/.test(remote);
        const result = await this.run([
            ...NETWORK_CONFIG,
            // Each ref pushed is its own remote-tracking ref: git sets (or deletes) it in this
            // repository once the remote has accepted it, in the push's own process.
            ...(follow ? ['-c', `remote.${remote}.fetch=+refs/*:refs/*`] : []),
            'push',
            '--porcelain',
            '--no-verify',
            ...(follow ? ['--verbose'] : []),
            ...(options.atomic ? ['--atomic'] : []),
            ...updates.map(u => `--force-with-lease=${u.ref}:${u.expected ?? ''}`),
            remote,
            ...updates.map(u => `${u.oid ?? ''}:${u.ref}`)
        ]);
        return follow ? followedBy(result) : { ...result, followed: null };
    }
    /**
     * Fetches exactly the named refs into the same local names. Each refspec is a glob on
     * the full name (`<ref>*`), so an absent ref is not an error, and protocol v2 sends the
     * server only these prefixes: the cost does not grow with the namespace. --prune drops a
     * local copy the remote no longer holds, so local refs mirror the remote's.
     */
    fetchRefs(remote, refs, options = {}) {
        return this.run([
            ...FETCH,
            '--prune',
            ...(options.depth ? [`--depth=${options.depth}`] : []),
            remote,
            ...refs.map(ref => `+${ref}*:${ref}*`)
        ]);
    }
    /** Fetches objects by id (protocol v2 lets a client want any object the server holds). */
    fetchObjects(remote, oids) {
        return this.run([...FETCH, remote, ...oids]);
    }
    /**
     * Local refs follow a change the remote applied: set or delete each, whatever it held, in
     * one transaction; the caller reads a failure (a lock it names) from the result.
     */
    async mirrorRefs(changes) {
        if (changes.length === 0)
            return { code: 0, stdout: '', stderr: '' };
        return this.run(UPDATE_REFS, transaction(changes.map(c => (c.oid === null ? `delete ${c.ref}` : `update ${c.ref} ${c.oid}`))));
    }
    /** Whether the remote holds any ref under the prefixes (one `ls-remote`). */
    async remoteHolds(remote, prefixes) {
        checkPrefixes(prefixes);
        const patterns = prefixes.map(prefix => `${prefix}*`);
        const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', '--refs', remote, ...patterns]);
        // A pattern matches a name's tail: only what lies under a prefix counts.
        return out
            .split('\n')
            .map(line => line.split('\t')[1] ?? '')
            .some(ref => prefixes.some(prefix => ref.startsWith(prefix)));
    }
    /** `<oid> <ref>` for the named refs as the remote holds them (absent refs are missing). */
    async lsRemote(remote, refs) {
        const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', '--refs', remote, ...refs]);
        const held = new Map();
        for (const line of out.split('\n').filter(Boolean)) {
            const [oid, ref] = line.split('\t');
            if (oid && ref && refs.includes(ref))
                held.set(ref, oid);
        }
        return held;
    }
    /**
     * A tag as the remote lists it: the object the ref holds and the commit it peels to (the
     * `^{}` line git prints for an annotated tag; a lightweight tag holds its commit). Null when
     * the remote has no such tag.
     */
    async lsRemoteTag(remote, tagRef) {
        // A pattern matches the peeled line only when named itself: without `^{}`, an annotated
        // tag's object id would pass for its commit.
        const out = await this.ok([...NETWORK_CONFIG, 'ls-remote', remote, tagRef, `${tagRef}^{}`]);
        let oid = null;
        let peeled = null;
        for (const line of out.split('\n').filter(Boolean)) {
            const [id, ref] = line.split('\t');
            if (ref === tagRef)
                oid = id ?? null;
            else if (ref === `${tagRef}^{}`)
                peeled = id ?? null;
        }
        return oid ? { oid, commit: peeled ?? oid } : null;
    }
    /** A `git cat-file --batch` process that answers one object at a time. */
    openReader() {
        return new ObjectReader(this.start(['cat-file', '--batch']), this);
    }
    spawnError(error) {
        if (error.code === 'ENOENT')
            return new errors_StoreError('git was not found on PATH. Install git (2.36 or newer) on the runner.');
        return new errors_StoreError(`Could not start git: ${error.message}`);
    }
    failure(args, result) {
        const said = excerpt(result.stderr);
        if (/not a git repository/i.test(said))
            return new errors_StoreError(`${this.cwd} is not a git repository. Check the repository out first ` +
                '(actions/checkout) or point repository-path at one.');
        const clash = refNameClash(said);
        if (clash)
            return clashError(clash, 'this repository');
        return new errors_StoreError(`git ${commandName(args)} failed (exit ${result.code}): ${said || '(no message)'}`);
    }
}
/** The git command in an argument list: the first word that is not an option or its value. */
function commandName(args) {
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === '-c' || arg === '-C')
            i++;
        else if (!arg.startsWith('-'))
            return arg;
    }
    return '(no command)';
}
/** git's words for a ref that cannot be created because a ref holds a prefix of its name. */
function refNameClash(stderr) {
    const match = /cannot lock ref '([^']+)': '([^']+)' exists; cannot create/.exec(stderr);
    return match ? { wanted: match[1], existing: match[2] } : null;
}
/** A clash is permanent: retrying cannot help, only removing the ref or another namespace. */
function clashError(clash, where) {
    return new errors_StoreError(`${where} holds the ref ${clash.existing}, so ${clash.wanted} cannot be created (a ref ` +
        'cannot also be a folder of refs). Nothing was admitted or recorded, and a re-run will ' +
        `meet the same ref. Remove or rename ${clash.existing} there, or set the \`namespace\` ` +
        'to a prefix no other ref uses.');
}
/**
 * Every ref transaction: `--no-deref`, so a write moves the ref it names and never the ref a
 * symbolic ref points at (docs/design/writers.md#only-plain-refs).
 */
const UPDATE_REFS = ['update-ref', '--no-deref', '--stdin'];
/**
 * The loose refs under prefix (a directory of the git dir) that are symbolic: `ref: <target>`.
 * Read synchronously, as refFiles reads: hundreds of tiny files, each a thread-pool round trip
 * when read asynchronously one after another (about half a millisecond each).
 */
async function looseSymbolicRefs(common, prefix) {
    const found = [];
    const walk = (ref) => {
        const path = (0,external_node_path_.join)(common, ref);
        const entries = readdirOrNull(path);
        if (entries === null) {
            if (readOrNull(path)?.startsWith('ref:'))
                found.push(ref);
            return;
        }
        for (const entry of entries)
            if (!entry.name.endsWith('.lock'))
                walk(`${ref}/${entry.name}`);
    };
    walk(prefix.replace(/\/+$/, ''));
    return found.sort();
}
function readdirOrNull(path) {
    try {
        return (0,external_node_fs_.readdirSync)(path, { withFileTypes: true });
    }
    catch {
        return null;
    }
}
function readOrNull(path) {
    try {
        return (0,external_node_fs_.readFileSync)(path, 'latin1');
    }
    catch {
        return null;
    }
}
/**
 * The refs under the prefixes as the files backend holds them, matched as for-each-ref matches
 * `<prefix>*` (the `*` never crosses a `/`): the loose ref files of each prefix's directory,
 * then packed-refs for the names no loose file holds. Loose files are read first: a concurrent
 * `git pack-refs` writes packed-refs before it removes a loose file, so no ref is missed between
 * the two reads. Null when anything is unusual (a reftable, a symbolic ref, a file that is not
 * one object id): the caller then asks git.
 */
async function refFiles(common, prefixes) {
    if (await exists((0,external_node_path_.join)(common, 'reftable')))
        return null;
    const matches = (ref) => prefixes.some(p => ref.startsWith(p) && !ref.slice(p.length).includes('/'));
    const found = new Map();
    for (const dir of new Set(prefixes.map(p => p.slice(0, p.lastIndexOf('/'))))) {
        // Synchronous reads: a fetch leaves hundreds of loose ref files, and each asynchronous read
        // is a thread-pool round trip of its own (a warm `status` spent a quarter second on them).
        for (const entry of readdirOrNull((0,external_node_path_.join)(common, dir)) ?? []) {
            const ref = `${dir}/${entry.name}`;
            if (entry.isDirectory() || entry.name.endsWith('.lock') || !matches(ref))
                continue;
            const text = readOrNull((0,external_node_path_.join)(common, ref));
            // A ref deleted since its directory was read is simply not listed.
            if (text === null)
                continue;
            const oid = /^([0-9a-f]{40})\n?$/.exec(text)?.[1];
            if (!oid)
                return null;
            found.set(ref, oid);
        }
    }
    const packed = readOrNull((0,external_node_path_.join)(common, 'packed-refs')) ?? '';
    for (const line of packed.split('\n')) {
        const match = /^([0-9a-f]{40}) (refs\/\S+)$/.exec(line);
        const ref = match?.[2];
        if (ref !== undefined && !found.has(ref) && matches(ref))
            found.set(ref, match?.[1]);
    }
    return [...found]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([ref, oid]) => ({ ref, oid }));
}
/** The committer time (epoch seconds) of a commit; 0 for anything else, as for-each-ref gives. */
function committerTime(object) {
    if (object?.type !== 'commit')
        return 0;
    const end = object.content.indexOf('\n\n');
    const header = end === -1 ? object.content : object.content.slice(0, end);
    return Number(/^committer .* (\d+) [+-]\d{4}$/m.exec(header)?.[1] ?? 0);
}
/** A prefix is matched as `<prefix>*`: a glob character in it would widen the listing. */
function checkPrefixes(prefixes) {
    for (const p of prefixes)
        if (/[*?[\\]/.test(p))
            throw new errors_StoreError(`a ref prefix has a glob character: ${p}`);
}
/**
 * git may echo a remote URL or, tracing, a request's headers; never let credentials in either
 * reach a log.
 */
function redact(text) {
    return text
        .replace(/(\w+:\/\/)[^/@\s]+@/g, '$1***@')
        .replace(/(authorization:\s*)(?:(?:basic|bearer|token)\s+)?[^\s"']+/gi, '$1***');
}
/** The most of git's own words an error message quotes (its fatal line is rarely longer). */
const EXCERPT_LIMIT = 600;
/**
 * What an error message quotes of git's stderr: one line, redacted, at most EXCERPT_LIMIT
 * characters. When all of it does not fit, git's own `fatal:`/`error:` lines are kept first,
 * as they say why; whatever else git printed is left out.
 */
function excerpt(stderr) {
    const lines = saidLines(stderr);
    const all = lines.join(' ');
    if (all.length <= EXCERPT_LIMIT)
        return all;
    const causes = lines.filter(line => /^(fatal|error):/i.test(line)).join(' ');
    return bounded(causes || all);
}
/**
 * The one line of git's stderr that says what went wrong, for a message that names the cause
 * only: its first `fatal:`, `error:` or `remote:` line (a server's hook speaks as `remote:`),
 * else its first line; redacted and at most EXCERPT_LIMIT characters, as excerpt() is. Null
 * when git printed nothing.
 */
function causeLine(stderr) {
    const lines = saidLines(stderr);
    const line = lines.find(l => /^(fatal|error|remote):/.test(l)) ?? lines[0];
    return line === undefined ? null : bounded(line);
}
/** git's stderr redacted, as its non-empty lines, trimmed. */
function saidLines(stderr) {
    return redact(stderr)
        .split('\n')
        .map(line => line.trim())
        .filter(Boolean);
}
/** Text cut to EXCERPT_LIMIT characters (never inside a surrogate pair), `…` ending a cut. */
function bounded(text) {
    if (text.length <= EXCERPT_LIMIT)
        return text;
    let end = EXCERPT_LIMIT - 1;
    if (/[\udc00-\udfff]/.test(text.charAt(end)))
        end--;
    return `${text.slice(0, end)}…`;
}
/**
 * The environment with git's diagnostics that print to stderr taken out (GIT_TRACE*=1, 2 or
 * true, GIT_CURL_VERBOSE): the store reads git's stderr for what happened (a lock held, a
 * ref refused, a prompt refused), and a trace there would be taken for git's answer and flood
 * every error line. A trace sent to a file (an absolute path, or an af_unix: socket) stays,
 * so git can still be traced, always with its credentials redacted (GIT_TRACE_REDACT=1).
 */
function quietTraces(env) {
    const quiet = {};
    for (const [name, value] of Object.entries(env)) {
        if (name === 'GIT_CURL_VERBOSE')
            continue;
        if (/^GIT_TRACE/.test(name) && !/^(\/|af_unix:)/.test(value ?? ''))
            continue;
        quiet[name] = value;
    }
    quiet.GIT_TRACE_REDACT = '1';
    return quiet;
}
/** Writes one loose object (zlib of `<type> <size>\0<body>`) atomically, fsynced. */
async function writeLoose(objects, oid, raw) {
    const path = (0,external_node_path_.join)(objects, oid.slice(0, 2), oid.slice(2));
    if (await exists(path))
        return;
    await (0,promises_namespaceObject.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
    const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const file = await (0,promises_namespaceObject.open)(temp, 'wx', 0o444);
    try {
        await file.writeFile((0,external_node_zlib_namespaceObject.deflateSync)(raw));
        await file.sync();
    }
    finally {
        await file.close();
    }
    await (0,promises_namespaceObject.rename)(temp, path);
}
async function exists(path) {
    return (await (0,promises_namespaceObject.stat)(path).catch(() => null)) !== null;
}
const TRACKING = /^updating local tracking ref '(.+)'$/;
/** A push's result with its verbose lines read and taken out of stderr. */
function followedBy(result) {
    const followed = [];
    const said = [];
    for (const line of result.stderr.split('\n')) {
        const tracked = TRACKING.exec(line);
        if (tracked)
            followed.push(tracked[1]);
        else if (!line.startsWith('Pushing to '))
            said.push(line);
    }
    const stderr = said.join('\n');
    const clean = result.code === 0 && !/^(error|fatal|warning):/m.test(stderr);
    return { ...result, stderr, followed: clean ? followed : null };
}
/**
 * The text `git update-ref --stdin` takes for one all-or-nothing transaction: every line is
 * applied after `prepare` has locked and checked all of them, or none is.
 */
function transaction(lines) {
    return ['start', ...lines, 'prepare', 'commit', ''].join('\n');
}
/** The create-only line of a ref transaction: create means "old value must be zero". */
function createLine(ref, oid) {
    return `create ${ref} ${oid}`;
}
/** Requests git may still have to answer before more are written (see ObjectReader.schedule). */
const LOW_WATER = 8;
/** Requests waiting that are written at once, however many git still has to answer. */
const BATCH = 128;
/**
 * An interactive `git cat-file --batch`: each read() queues one name and resolves with its
 * answer, and the names queued together are written to git at once, so a caller can follow a
 * chain (or read an admission, then the ledger it names) inside one process while many
 * concurrent readers share it.
 */
class ObjectReader {
    child;
    buffer = Buffer.alloc(0);
    waiting = [];
    failed = null;
    stderr = '';
    /** Names read but not yet written to git (see schedule). */
    pending = [];
    scheduled = false;
    /** Requests written to git and not answered yet. */
    unanswered = 0;
    constructor(child, git) {
        this.child = child;
        child.stdout.on('data', (chunk) => {
            this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
            this.drain();
        });
        child.stderr.on('data', (chunk) => (this.stderr += chunk.toString('utf8')));
        child.on('error', error => this.fail(git.spawnError(error)));
        child.on('close', code => this.fail(git.failure(['cat-file'], { code: code ?? 128, stdout: '', stderr: this.stderr })));
        child.stdin.on('error', () => { });
    }
    read(name) {
        if (/[\n\r]/.test(name))
            return Promise.reject(new errors_StoreError('object name has a newline'));
        if (this.failed)
            return Promise.reject(this.failed);
        return new Promise((resolve, reject) => {
            this.waiting.push({ resolve, reject });
            this.pending.push(name);
            this.schedule();
        });
    }
    /**
     * Names asked for are written to git together: on the next turn of the loop when git has
     * little left to answer, else once its answers bring it down to that (drain calls this). One
     * write (one syscall, one wake-up of git) then carries many concurrent readers' requests.
     */
    schedule() {
        if (this.scheduled || this.pending.length === 0)
            return;
        if (this.unanswered > LOW_WATER && this.pending.length < BATCH)
            return;
        this.scheduled = true;
        setImmediate(() => {
            this.scheduled = false;
            this.flush();
        });
    }
    flush() {
        const names = this.pending.splice(0);
        if (names.length === 0 || this.child.stdin.writableEnded)
            return;
        this.unanswered += names.length;
        this.child.stdin.write(names.join('\n') + '\n');
    }
    close() {
        this.failed ??= new errors_StoreError('reader closed');
        this.flush();
        this.child.stdin.end();
    }
    fail(error) {
        this.failed ??= error;
        for (const waiter of this.waiting.splice(0))
            waiter.reject(this.failed);
    }
    drain() {
        this.answer();
        this.schedule();
    }
    /** Resolves every request whose whole answer has arrived, in order. */
    answer() {
        for (;;) {
            const waiter = this.waiting[0];
            if (!waiter)
                return;
            const eol = this.buffer.indexOf(10);
            if (eol === -1)
                return;
            const header = this.buffer.subarray(0, eol).toString('utf8');
            if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
                this.buffer = this.buffer.subarray(eol + 1);
                this.waiting.shift();
                this.unanswered--;
                waiter.resolve(null);
                continue;
            }
            const [oid, type, sizeText] = header.split(' ');
            const size = Number(sizeText);
            if (!oid || !type || !Number.isInteger(size)) {
                this.fail(new errors_StoreError(`git cat-file answered ${JSON.stringify(header)}`));
                return;
            }
            if (this.buffer.length < eol + 1 + size + 1)
                return;
            const bytes = Buffer.from(this.buffer.subarray(eol + 1, eol + 1 + size));
            this.buffer = this.buffer.subarray(eol + 1 + size + 1);
            this.waiting.shift();
            this.unanswered--;
            waiter.resolve({ oid, type, content: bytes.toString('utf8'), bytes });
        }
    }
}

;// CONCATENATED MODULE: ./src/store/cacheRepository.ts
/**
 * The cache repositories of this store (docs/cli.md#the-cache, docs/design/writers.md#the-local-copy):
 * a bare repository per arbiter that fetches bring its refs into, never the user's clone. It
 * lives in a directory of the user's own (the command line: the user's cache directory; a
 * step: RUNNER_TEMP, the job's own), made mode 0700, and one another user could have written
 * is never used: before any git runs there, each path from the cache root down is checked with
 * lstat (no link, the user's, not writable by group or others) and its config may hold only
 * what `git init` writes. Its git runs no hook and no fsmonitor whatever any config says.
 */







/** The user's cache directory: `$XDG_CACHE_HOME/dispatch-ledger`, else `~/.cache/dispatch-ledger`. */
function userCacheLocation(env) {
    // The XDG base directory rules ignore a relative path.
    const xdg = env.XDG_CACHE_HOME;
    const base = xdg && (0,external_node_path_.isAbsolute)(xdg) ? xdg : (0,external_node_path_.join)(env.HOME || (0,external_node_os_namespaceObject.homedir)(), '.cache');
    return { root: (0,external_node_path_.join)(base, 'dispatch-ledger'), setting: 'XDG_CACHE_HOME' };
}
/**
 * A step's: RUNNER_TEMP is the job's own directory, emptied by the runner between jobs, so a
 * cache there is never shared with another job or user; outside a runner, the user's.
 */
function cacheRepository_stepCacheLocation(env) {
    return env.RUNNER_TEMP
        ? { root: join(env.RUNNER_TEMP, 'dispatch-ledger'), setting: 'RUNNER_TEMP' }
        : userCacheLocation(env);
}
/**
 * Config every git process of a cache gets, after any entries the environment already has:
 * no hook (core.hooksPath at a file that holds none) and no fsmonitor, whatever the user's or
 * the cache's config says.
 */
const CACHE_CONFIG = [
    ['core.hooksPath', '/dev/null'],
    ['core.fsmonitor', 'false']
];
/** The environment with config entries added after the GIT_CONFIG_COUNT ones it has. */
function withConfig(env, entries) {
    const given = Number(env.GIT_CONFIG_COUNT ?? '0');
    const start = Number.isInteger(given) && given > 0 ? given : 0;
    const added = { GIT_CONFIG_COUNT: String(start + entries.length) };
    entries.forEach(([key, value], i) => {
        added[`GIT_CONFIG_KEY_${start + i}`] = key;
        added[`GIT_CONFIG_VALUE_${start + i}`] = value;
    });
    return { ...env, ...added };
}
/** The cache repository for a URL, made when absent; a refusal throws, nothing run in it. */
async function cacheRepository_openCache(options) {
    const judge = { uid: process.getuid?.() ?? null, setting: options.location.setting };
    const env = withConfig(options.env, CACHE_CONFIG);
    const root = options.location.root;
    await (0,promises_namespaceObject.mkdir)((0,external_node_path_.dirname)(root), { recursive: true, mode: 0o700 }).catch(() => { });
    await ownDirectory(root, judge);
    const dir = (0,external_node_path_.join)(root, (0,external_node_crypto_.createHash)('sha256').update(options.url).digest('hex').slice(0, 16));
    await ownDirectory(dir, judge);
    const cache = { dir, env };
    const held = await checkContents(dir, judge);
    if (!held.has('HEAD'))
        await initCache(cache);
    else if (options.remakeIfLocked && (await hasLock(dir, held)))
        await remakeCache(cache);
    return cache;
}
/**
 * Whether git left a `*.lock` file in the cache (a killed git's, or a live one's): at the top
 * (packed-refs.lock, shallow.lock, HEAD.lock, config.lock, index.lock) or among its refs.
 */
async function hasLock(dir, held) {
    const top = held ?? new Set(await (0,promises_namespaceObject.readdir)(dir).catch(() => []));
    if ([...top].some(name => name.endsWith('.lock')))
        return true;
    const refs = await (0,promises_namespaceObject.readdir)((0,external_node_path_.join)(dir, 'refs'), { recursive: true }).catch(() => []);
    return refs.some(name => name.endsWith('.lock'));
}
/**
 * The cache made again, fresh: the old one moved aside (so no git still in it writes into the
 * new one) and removed. It is a copy of the arbiter, so nothing is lost; the next fetch brings
 * what is needed again.
 */
async function remakeCache(cache) {
    const aside = `${cache.dir}.stale-${process.pid}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    await (0,promises_namespaceObject.rename)(cache.dir, aside).catch(error => {
        if (error.code !== 'ENOENT')
            throw error;
    });
    await (0,promises_namespaceObject.mkdir)(cache.dir, { mode: 0o700 }).catch(error => {
        if (error.code !== 'EEXIST')
            throw error;
    });
    await initCache(cache);
    await (0,promises_namespaceObject.rm)(aside, { recursive: true, force: true });
}
/** `git init --bare` with no template: no sample hooks, nothing but what git needs. */
async function initCache(cache) {
    await new git_Git(cache.dir, cache.env).ok(['init', '--quiet', '--bare', '--template=']);
}
/** A directory of the cache: made mode 0700 when absent, else checked before any use. */
async function ownDirectory(path, judge) {
    await (0,promises_namespaceObject.mkdir)(path, { mode: 0o700 }).catch(error => {
        if (error.code !== 'EEXIST')
            throw new errors_StoreError(`Cannot make the cache directory ${path} (${error.code}). ` +
                `Set ${judge.setting} to a directory you can write.`);
    });
    refuse(cachePathRefusal(await factsOf(path), { ...judge, directory: true }));
}
/**
 * Each entry at the top of the repository (HEAD, config, objects, refs, the memo, ...) is a
 * plain file or directory of the user's, and the config holds only what `git init` writes.
 * Below the top nothing else needs a look: the repository directory is the user's and no one
 * else may write it. Returns the names there.
 */
async function checkContents(dir, judge) {
    const names = await (0,promises_namespaceObject.readdir)(dir);
    for (const name of names)
        refuse(cachePathRefusal(await factsOf((0,external_node_path_.join)(dir, name)), { ...judge, directory: false }));
    if (names.includes('config')) {
        const path = (0,external_node_path_.join)(dir, 'config');
        refuse(cacheConfigRefusal(path, await (0,promises_namespaceObject.readFile)(path, 'utf8'), judge));
    }
    return new Set(names);
}
async function factsOf(path) {
    const info = await (0,promises_namespaceObject.lstat)(path);
    const kind = info.isSymbolicLink()
        ? 'symlink'
        : info.isDirectory()
            ? 'directory'
            : info.isFile()
                ? 'file'
                : 'other';
    return { path, kind, uid: info.uid, mode: info.mode };
}
function refuse(refusal) {
    if (refusal !== null)
        throw new errors_StoreError(refusal);
}

;// CONCATENATED MODULE: ./src/core/index/layout.ts
/**
 * Layout v2 (docs/design/storage.md): where each logical name of the store lives. Commands
 * name admissions and chains as they always have — `<ns>/admissions/<sha256(key)>[.g<N>]`,
 * `<ns>/runs/<sha256(run id)>`, `<ns>/operations/<sha256(operation id)>` — and the store
 * keeps them in a fixed set of refs:
 *
 * - `<ns>/index/<hh>`: a parentless commit whose tree holds `keys/<h>/<N>` (the admission of
 *   generation N, the admission commit's bytes), `ended/<h>` (present once the key's newest
 *   generation has ended: that run's final head and time, which retention reads) and
 *   `runs/<h>`, `operations/<h>` (an archived chain: its head, as an index entry);
 * - `<ns>/archive/<hh>`: a commit chain on the empty tree whose parents keep every archived
 *   head reachable; only writers touch it, readers never fetch it;
 * - `<ns>/runs/<h>`, `<ns>/operations/<h>`: a chain being written (within `archive-after`).
 *
 * `hh` is the first two hex digits of the hash in the name, so 256 + 256 refs at most. Pure.
 */

const LOGICAL = /^(refs\/.+)\/(admissions|runs|operations)\/([0-9a-f]{64})(?:\.g([1-9][0-9]*))?$/;
/** The logical name a command uses, parsed; null for any other ref (a tag, a branch). */
function parseLogical(ref) {
    const match = LOGICAL.exec(ref);
    if (!match)
        return null;
    const [, namespace, family, hash, generation] = match;
    if (family === 'admissions')
        return { kind: 'admission', namespace, hash, generation: generation ? Number(generation) : 1 };
    if (generation !== undefined)
        return null;
    return { kind: 'chain', namespace, family, hash };
}
/** The logical ref of a key's generation (generation 1 has no suffix). */
function admissionName(namespace, hash, generation) {
    const base = `${namespace}/admissions/${hash}`;
    return generation === 1 ? base : `${base}.g${generation}`;
}
function chainName(namespace, family, hash) {
    return `${namespace}/${family}/${hash}`;
}
function bucketOf(hash) {
    return hash.slice(0, 2);
}
/**
 * The bucket an entry named `name` (`keys/<name>`, `runs/<name>`, …) belongs in; null when the
 * name is no sha256 hash, so that no bucket is its own.
 */
function bucketOfEntry(name) {
    return /^[0-9a-f]{64}$/.test(name) ? bucketOf(name) : null;
}
function indexRef(namespace, bucket) {
    return `${namespace}/index/${bucket}`;
}
function archiveRef(namespace, bucket) {
    return `${namespace}/archive/${bucket}`;
}
/** The bucket a logical name lives in. */
function bucketOfName(name) {
    return bucketOf(name.hash);
}
/** Where a logical name sits in its bucket's tree. */
function entryPath(name) {
    return name.kind === 'admission'
        ? `keys/${name.hash}/${name.generation}`
        : `${name.family}/${name.hash}`;
}
/** Where a key's end marker sits in its bucket's tree (keyHash: the admission's hash). */
function endedPath(keyHash) {
    return `ended/${keyHash}`;
}
/** The prefix under which a bucket's live chains of a family are named. */
function liveChainPrefix(namespace, family, bucket) {
    return `${namespace}/${family}/${bucket}`;
}
const FAMILIES = ['runs', 'operations'];
const DURATION = /^(0|[1-9][0-9]*)([mhd])?$/;
const UNIT_SECONDS = { m: 60, h: 3600, d: 86400 };
/**
 * `archive-after`: how long a chain keeps a ref of its own after its last write. `0` archives
 * after every write; otherwise a whole number of minutes, hours or days (`30m`, `1h`, `2d`), at
 * most 365 days (`365d`, `8760h`, `525600m`). Integers only, never rounded: a longer idle time
 * keeps more refs for nothing, and a huge digit string would turn into an imprecise or
 * infinite number rather than a duration.
 */
function layout_parseArchiveAfter(text) {
    const value = text.trim() === '' ? '1h' : text.trim();
    const match = DURATION.exec(value);
    if (!match || (match[1] !== '0' && match[2] === undefined))
        throw new InvalidInput(`The \`archive-after\` input ${JSON.stringify(text)} is not a duration. Use 0, or a whole ` +
            'number followed by m, h or d (for example 30m, 1h, 2d), at most 365d.');
    const capSeconds = 365 * UNIT_SECONDS.d;
    const digits = match[1];
    const seconds = digits.length > String(capSeconds).length
        ? Infinity
        : Number(digits) * (match[2] ? UNIT_SECONDS[match[2]] : 0);
    if (seconds > capSeconds)
        throw new InvalidInput(`The \`archive-after\` input ${JSON.stringify(text)} is longer than the cap of 365d ` +
            '(8760h, 525600m). Use a whole number of m, h or d up to 365d.');
    return seconds;
}
/** Whether a chain last written at `writtenAt` (epoch seconds) has been idle past the limit. */
function isIdle(writtenAt, now, archiveAfterSeconds) {
    return now - writtenAt >= archiveAfterSeconds;
}
/** The shortest retention the product accepts (docs/design/storage.md#retention). */
const RETENTION_FLOOR_DAYS = 90;
/**
 * `retention-days`: 0 (the default) keeps every key forever. Otherwise a key whose newest
 * generation ended more than N days ago is dropped. 1–89 is refused: GitHub re-runs a workflow
 * up to 30 days after it started and a run may last 35 days, so a shorter window would let a
 * re-run or a late redelivery of a real event admit a second run.
 */
function layout_parseRetentionDays(text) {
    const value = text.trim() === '' ? '0' : text.trim();
    if (!/^(0|[1-9][0-9]{0,5})$/.test(value))
        throw new InvalidInput(`The \`retention-days\` input ${JSON.stringify(text)} is not a whole number of days. Use 0 ` +
            `(keep every key forever, the default) or ${RETENTION_FLOOR_DAYS} or more.`);
    const days = Number(value);
    if (days > 0 && days < RETENTION_FLOOR_DAYS)
        throw new InvalidInput(`The \`retention-days\` input ${days} is refused: GitHub re-runs a workflow up to 30 days ` +
            'after it started and a run may last 35 days, so a key dropped sooner could admit a real ' +
            `duplicate as a new run. Use 0 (keep every key forever, the default) or ` +
            `${RETENTION_FLOOR_DAYS} or more.`);
    return days;
}
/** Whether a key whose newest generation ended at `endedAt` (epoch seconds) is past retention. */
function isExpired(endedAt, now, retentionDays) {
    return retentionDays > 0 && now - endedAt > retentionDays * 86400;
}

;// CONCATENATED MODULE: ./src/core/refs.ts


const DEFAULT_NAMESPACE = 'refs/dispatch-ledger';
// One path component of a ref, kept to a conservative subset of check-ref-format.
const COMPONENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
/**
 * The families of refs a namespace holds (src/core/index/layout.ts): the index buckets, the
 * archive chains, live runs and operations, and `admissions`, the logical name commands use
 * (and layout v1's refs). A namespace with one of them as a path component would lie inside
 * another namespace's refs — `refs/dispatch-ledger/index/aa` is a bucket of
 * `refs/dispatch-ledger` — so two stores would read and overwrite each other's refs.
 */
const NAMESPACE_FAMILIES = [
    'admissions',
    'archive',
    'index',
    'operations',
    'runs'
];
/**
 * The ref families git and GitHub give a meaning to, each with what it is. A namespace under
 * one of them would be read as that: refs/replace/<oid> changes what every clone sees of an
 * object, refs/notes are shown by `git log`, refs/stash and refs/bisect are a person's working
 * state, refs/worktree, refs/rewritten and refs/prefetch are git's own, refs/original is
 * filter-branch's backup, refs/pull and refs/changes are the review systems' (GitHub's pull
 * requests, Gerrit's changes).
 */
const RESERVED_REF_FAMILIES = new Map([
    ['heads', 'branches'],
    ['tags', 'tags'],
    ['remotes', 'remote-tracking branches'],
    ['notes', 'git notes, which git log shows'],
    ['replace', 'replacement objects, which change what every clone sees'],
    ['stash', 'the stash'],
    ['bisect', 'git bisect'],
    ['worktree', "each worktree's own refs"],
    ['rewritten', "git rebase's labels"],
    ['prefetch', "git maintenance's prefetch"],
    ['original', "git filter-branch's backups"],
    ['pull', "GitHub's pull requests"],
    ['changes', "review systems' changes (Gerrit)"]
]);
/**
 * docs/design/storage.md: any `refs/<a>/<b>…` prefix outside the families git and GitHub give
 * meaning to, none of whose components is a family of another namespace's refs. `given` names
 * where it came from in the message (the actions' input by default; the command line's flag).
 */
function validateNamespace(namespace, given = 'The `namespace`') {
    const parts = namespace.split('/');
    const bad = (why) => {
        throw new errors_InvalidInput(`${given} ${JSON.stringify(namespace)} ${why}. Use a prefix such as ${DEFAULT_NAMESPACE}.`);
    };
    if (parts[0] !== 'refs' || parts.length < 2)
        bad('must start with refs/');
    // Case-insensitively, as below: refs/Heads is refs/heads on a case-insensitive file system.
    const top = (parts[1] ?? '').toLowerCase();
    const meaning = RESERVED_REF_FAMILIES.get(top);
    if (meaning !== undefined)
        bad(`must not be under refs/${top}, which git or GitHub uses for ${meaning}`);
    for (const part of parts.slice(1)) {
        if (!COMPONENT.test(part) || part.endsWith('.lock') || part.includes('..'))
            bad(`has an invalid path component ${JSON.stringify(part)}`);
    }
    // Case-insensitively: on a case-insensitive file system (macOS, Windows) the local store's
    // refs/x/Runs/… and refs/x/runs/… are one directory.
    const family = parts.slice(1).find(part => NAMESPACE_FAMILIES.includes(part.toLowerCase()));
    if (family !== undefined)
        throw new errors_InvalidInput(`${given} ${JSON.stringify(namespace)} has the path component ` +
            `${JSON.stringify(family)}, a family of refs a namespace holds ` +
            `(${NAMESPACE_FAMILIES.join(', ')}), so it lies inside another namespace's refs and the ` +
            "two would overwrite each other. Choose a namespace outside another namespace's refs, " +
            `such as ${DEFAULT_NAMESPACE}-2.`);
    return namespace;
}
function refs_keyHash(dispatchKey) {
    return canonical_sha256Hex(dispatchKey);
}
function refs_admissionRef(namespace, dispatchKey) {
    return `${namespace}/admissions/${refs_keyHash(dispatchKey)}`;
}
function refs_ledgerRef(namespace, runId) {
    return `${namespace}/runs/${canonical_sha256Hex(runId)}`;
}
function runsPrefix(namespace) {
    return `${namespace}/runs/`;
}
function operationsPrefix(namespace) {
    return `${namespace}/operations/`;
}
function admissionsPrefix(namespace) {
    return `${namespace}/admissions/`;
}

;// CONCATENATED MODULE: ./src/core/index/entry.ts
/**
 * The index entry of an archived chain (docs/design/storage.md#archived-chains): closed JSON
 * with a schema name, stored as a blob at `runs/<h>` or `operations/<h>` in its bucket's tree.
 * It records the chain's head (kept reachable by the bucket's archive ref) and whether the
 * head ended the chain, with the head's time, which retention reads. Pure.
 */




const INDEX_ENTRY_SCHEMA = 'dispatch-ledger/index-entry/v1';
const OID = schemas_string().check(_regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/));
const IndexEntrySchema = strictObject({
    schema: literal(INDEX_ENTRY_SCHEMA),
    ref: schemas_string(),
    head: OID,
    ended: schemas_boolean(),
    written_at: schemas_number().check(schemas_int(), _nonnegative())
});
function encodeIndexEntry(entry) {
    return canonical_canonicalJson({ schema: INDEX_ENTRY_SCHEMA, ...entry });
}
/**
 * Parses a stored index entry; anything else fails closed naming the bucket and path. `ref`:
 * the chain it must name (null: a key's end marker, checked against its admission by the caller).
 */
function decodeIndexEntry(where, text, ref) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        throw new errors_CorruptEntry(where, 'its index entry is not JSON');
    }
    const parsed = IndexEntrySchema.safeParse(value);
    if (!parsed.success)
        throw new errors_CorruptEntry(where, `its index entry is not ${INDEX_ENTRY_SCHEMA}`);
    if (ref !== null && parsed.data.ref !== ref)
        throw new errors_CorruptEntry(where, `its index entry names ${parsed.data.ref}, not ${ref}`);
    return parsed.data;
}

;// CONCATENATED MODULE: ./src/core/index/tree.ts
/**
 * git's tree and object formats, for the index buckets (docs/design/storage.md): parsing a tree
 * object's bytes, encoding one in git's order, and an object's id. Pure (hashing only).
 */

const TREE_MODE = '40000';
const BLOB_MODE = '100644';
function parseTree(bytes) {
    const items = [];
    let at = 0;
    while (at < bytes.length) {
        const space = bytes.indexOf(0x20, at);
        const nul = bytes.indexOf(0, space);
        if (space < 0 || nul < 0 || nul + 21 > bytes.length)
            throw new Error('truncated tree object');
        items.push({
            mode: bytes.subarray(at, space).toString('latin1'),
            name: bytes.subarray(space + 1, nul).toString('utf8'),
            oid: bytes.subarray(nul + 1, nul + 21).toString('hex')
        });
        at = nul + 21;
    }
    return items;
}
/** git sorts a tree's entries by name, a subtree's name as if it ended in `/`. */
function sortKey(item) {
    return item.mode === TREE_MODE ? `${item.name}/` : item.name;
}
function encodeTree(items) {
    const sorted = [...items].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
    return Buffer.concat(sorted.map(item => Buffer.concat([
        Buffer.from(`${item.mode} ${item.name}\0`, 'utf8'),
        Buffer.from(item.oid, 'hex')
    ])));
}
function objectId(type, body) {
    return (0,external_node_crypto_.createHash)('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

;// CONCATENATED MODULE: ./src/store/chainReader.ts


const decodeLedger = entry_decodeRecord;
/**
 * Follows a chain of entry commits through one `git cat-file --batch`, from `start` (the live
 * ref, or an archived head's id) back to record 1, decoding and checking each commit. Errors
 * name the chain's ref, and below the head the commit too (`git cat-file -p <oid>` shows it).
 */
async function walkChain(objects, ref, start, decode, 
/** `start`'s object when the caller has read it already (never by a ref name: it may move). */
first = null) {
    let object = first ?? (await objects.read(start));
    if (!object)
        return null;
    const newestFirst = [];
    for (;;) {
        const oid = newestFirst.length || start !== ref ? object.oid : undefined;
        const commit = entryCommit(ref, object.type, object.content, oid);
        newestFirst.push({ oid: object.oid, ...decode(ref, object.content, oid) });
        if (commit.parents.length > 1)
            throw new errors_CorruptEntry(ref, 'a record commit has two parents', oid);
        const parent = commit.parents[0];
        if (!parent)
            break;
        const next = await objects.read(parent);
        if (!next)
            throw new errors_CorruptEntry(ref, `its parent ${parent} is missing`, oid);
        object = next;
    }
    return newestFirst.reverse();
}
/** An admission as stored (the admission commit's bytes): parentless, on the empty tree. */
function decodeStoredAdmission(ref, content) {
    if (!content.startsWith('tree '))
        throw new errors_CorruptEntry(ref, 'its index entry is not an admission commit (it holds a blob of other bytes)');
    const commit = entryCommit(ref, 'commit', content);
    if (commit.parents.length !== 0)
        throw new errors_CorruptEntry(ref, 'an admission commit has a parent');
    return decodeAdmission(ref, content);
}
function entryCommit(ref, type, content, oid) {
    if (type !== 'commit')
        throw new errors_CorruptEntry(ref, `it points at a ${type}, not a commit`, oid);
    let commit;
    try {
        commit = parseCommit(content);
    }
    catch {
        throw new errors_CorruptEntry(ref, 'its entry is not a commit', oid);
    }
    if (commit.tree !== EMPTY_TREE)
        throw new errors_CorruptEntry(ref, 'its commit is not on the empty tree', oid);
    return commit;
}

;// CONCATENATED MODULE: ./src/store/index/archiveCommits.ts
/**
 * Archive commits (docs/design/storage.md): the commits an archive ref chains, each on the
 * empty tree with the archive subject of its very ref, whose other parents are the archived
 * chains' heads it keeps reachable. The writer checks a tip before it extends it; verify walks
 * them all.
 */


/**
 * Every parent of the archive commits from ref's tip that is not itself one of them, with the
 * tip and the archive commits walked.
 */
async function archivedHeads(ref, objects) {
    const heads = new Map();
    const commits = new Map();
    let tipOid = null;
    let next = [{ name: ref, tip: true }];
    while (next.length > 0) {
        const after = [];
        for (const { name, tip } of next) {
            const object = await objects.read(name);
            if (!object) {
                if (!tip)
                    heads.set(name, null);
                continue;
            }
            if (tip) {
                checkArchiveTip(ref, object);
                tipOid = object.oid;
            }
            if (!(object.type === 'commit' && isArchiveCommit(ref, object.content))) {
                heads.set(object.oid, object.content);
                continue;
            }
            if (commits.has(object.oid))
                continue;
            commits.set(object.oid, object.content);
            for (const parent of parseCommit(object.content).parents)
                after.push({ name: parent, tip: false });
        }
        next = after;
    }
    return {
        heads: [...heads].map(([oid, content]) => ({ oid, content })),
        tip: tipOid,
        commits: [...commits].map(([oid, content]) => ({ oid, content }))
    };
}
/**
 * An archive ref's tip must be an archive commit of that ref: on the empty tree, its message
 * exactly the archive subject (a symbolic ref to another ref, a branch or a forged commit is not).
 */
function checkArchiveTip(ref, object) {
    if (object.type !== 'commit' || !isArchiveCommit(ref, object.content))
        throw new errors_CorruptEntry(ref, 'its tip is not an archive commit of this ref (a symbolic ref to another ref, or a ' +
            'forged commit?)');
}
/** On the empty tree, its subject exactly the archive subject of ref (the writer and verify). */
function isArchiveCommit(ref, content) {
    const commit = parseCommit(content);
    const subject = commit.message.split('\n\n')[0]?.replace(/\n$/, '');
    return commit.tree === EMPTY_TREE && subject === `dispatch-ledger archive ${ref}`;
}

;// CONCATENATED MODULE: ./src/store/index/bucketExtras.ts
/**
 * What verify reads of a bucket, raw (src/commands/verifyBucket.ts): every entry as stored,
 * and every head its archive ref keeps reachable.
 */



/**
 * A bucket's raw entries (verify): its admissions, end markers and archived chains' index
 * entries, and every head its archive ref keeps reachable, walked through the archive commits
 * (each checked to be an archive commit of that ref, as a writer checks the tip it extends),
 * with the bucket's own commits as stored.
 */
async function bucketExtras(namespace, bucket, view, objects) {
    const markers = [];
    const entries = [];
    const admissions = [];
    const keys = [];
    for (const item of await view.list('ended')) {
        const path = endedPath(item.name);
        const blob = await view.blob(path);
        if (blob)
            markers.push({
                where: view.at(path),
                key: admissionName(namespace, item.name, 1),
                text: blob.bytes.toString('utf8')
            });
    }
    for (const family of FAMILIES)
        for (const item of await view.list(family)) {
            const blob = await view.blob(`${family}/${item.name}`);
            if (blob)
                entries.push({
                    where: view.at(`${family}/${item.name}`),
                    ref: `${namespace}/${family}/${item.name}`,
                    text: blob.bytes.toString('utf8')
                });
        }
    for (const key of await view.list('keys')) {
        keys.push(`keys/${key.name}`);
        if (key.mode !== TREE_MODE)
            continue; // the key's reading names a file where its directory belongs
        for (const item of await view.readTree(key.oid)) {
            const path = `keys/${key.name}/${item.name}`;
            // A stray name or a directory is the generations' reading to name.
            if (item.mode !== BLOB_MODE || !/^[1-9][0-9]*$/.test(item.name))
                continue;
            const blob = await view.blob(path);
            if (blob)
                admissions.push({
                    where: view.at(path),
                    ref: admissionName(namespace, key.name, Number(item.name)),
                    text: blob.bytes.toString('utf8')
                });
        }
    }
    const archive = archiveRef(namespace, bucket);
    const walked = await archivedHeads(archive, objects);
    const tip = view.tip === null ? null : await objects.read(view.tip);
    return {
        markers,
        entries,
        admissions,
        keys,
        heads: walked.heads,
        archiveTip: walked.tip,
        commits: [
            ...(tip ? [{ ref: view.ref, oid: tip.oid, content: tip.content }] : []),
            ...walked.commits.map(c => ({ ref: archive, ...c }))
        ]
    };
}

;// CONCATENATED MODULE: ./src/store/index/bucket.ts
/**
 * An index bucket as read (docs/design/storage.md): its tip commit and the tree under it,
 * walked on demand through one `git cat-file --batch`, and the new snapshot a write builds by
 * editing paths of that tree.
 */



/** The directories an index bucket's root may hold (docs/design/storage.md). */
const ROOT_DIRECTORIES = new Set([
    'keys',
    'ended',
    'runs',
    'operations'
]);
/** The subject every index commit of ref carries. */
function indexSubject(ref) {
    return `dispatch-ledger index ${ref}`;
}
/** Why the object at an index ref is not an index commit of that ref; null when it is one. */
function indexTipProblem(ref, object) {
    if (object.type !== 'commit')
        return `it points at a ${object.type}, not an index commit`;
    const commit = parseCommit(object.content);
    if (commit.parents.length > 0)
        return 'its tip has a parent, so it is not an index commit (a symbolic ref or a branch?)';
    if (commit.message.split('\n')[0] !== indexSubject(ref))
        return `its tip is not an index commit of ${ref} (a symbolic ref to another ref, or a forged commit?)`;
    return null;
}
class BucketView {
    ref;
    tip;
    root;
    objects;
    /** Trees by id, each read once however many readers ask for it together. */
    trees = new Map();
    constructor(
    /** The index ref, for error messages. */
    ref, 
    /** The tip commit; null when the bucket was never written. */
    tip, root, objects) {
        this.ref = ref;
        this.tip = tip;
        this.root = root;
        this.objects = objects;
    }
    /**
     * The bucket at ref, its tip checked to be an index commit of this very ref: parentless,
     * named for it, its root holding only the index's own directories. Anything else — a branch
     * a symbolic ref leads to, a tag, a forged commit — fails closed before a write could move it
     * (docs/design/writers.md#only-plain-refs).
     */
    static async open(ref, objects) {
        return BucketView.fromTip(ref, await objects.read(ref), objects);
    }
    /** The bucket whose tip, read from ref, is `object` (null: never written), checked as open checks it. */
    static async fromTip(ref, object, objects) {
        if (!object)
            return new BucketView(ref, null, null, objects);
        const problem = indexTipProblem(ref, object);
        if (problem)
            throw new errors_CorruptEntry(ref, problem);
        const view = new BucketView(ref, object.oid, parseCommit(object.content).tree, objects);
        const stray = (await view.readTree(view.root)).find(item => !ROOT_DIRECTORIES.has(item.name) || item.mode !== TREE_MODE);
        if (stray)
            throw new errors_CorruptEntry(`${ref}:${stray.name}`, `an index bucket holds only ${[...ROOT_DIRECTORIES].join(', ')} directories, not this ` +
                `${stray.mode === TREE_MODE ? 'directory' : 'file'}`);
        return view;
    }
    /** The items of the tree at `dir` ('' for the root); empty when it does not exist. */
    async list(dir) {
        const oid = await this.treeAt(dir);
        return oid ? this.readTree(oid) : [];
    }
    /** The tree's item at path (what is there, unread), or null. */
    async item(path) {
        const slash = path.lastIndexOf('/');
        const name = path.slice(slash + 1);
        return (await this.list(path.slice(0, slash))).find(i => i.name === name) ?? null;
    }
    /** The blob at path, or null. Something else there (a directory, a link) fails closed. */
    async blob(path) {
        const item = await this.item(path);
        if (!item)
            return null;
        if (item.mode !== BLOB_MODE)
            throw this.misplaced(path, item, 'a file');
        const object = await this.objects.read(item.oid);
        if (!object || object.type !== 'blob')
            throw new errors_CorruptEntry(this.at(path), 'it is not a readable blob');
        return { oid: object.oid, bytes: object.bytes };
    }
    /** Where a path of this bucket is, as `git cat-file -p` takes it: `<ref>:<path>`. */
    at(path) {
        return `${this.ref}:${path}`;
    }
    async treeAt(dir) {
        let oid = this.root;
        const parts = dir.split('/').filter(Boolean);
        for (const [index, part] of parts.entries()) {
            if (!oid)
                return null;
            const item = (await this.readTree(oid)).find(i => i.name === part);
            if (item && item.mode !== TREE_MODE)
                throw this.misplaced(parts.slice(0, index + 1).join('/'), item, 'a directory');
            oid = item?.oid ?? null;
        }
        return oid;
    }
    /** An entry that is not what its place says: never read as absent, never overwritten. */
    misplaced(path, item, belongs) {
        const what = item.mode === TREE_MODE
            ? 'a directory'
            : item.mode === BLOB_MODE
                ? 'a file'
                : `mode ${item.mode}`;
        return new errors_CorruptEntry(this.at(path), `it is ${what} where ${belongs} belongs`);
    }
    readTree(oid) {
        const cached = this.trees.get(oid);
        if (cached)
            return cached;
        const read = this.readTreeNow(oid);
        this.trees.set(oid, read);
        read.catch(() => this.trees.delete(oid));
        return read;
    }
    async readTreeNow(oid) {
        const object = await this.objects.read(oid);
        if (!object || object.type !== 'tree')
            throw new errors_CorruptEntry(this.ref, `its tree ${oid} is missing or not a tree`);
        let items;
        try {
            items = parseTree(object.bytes);
        }
        catch {
            throw new errors_CorruptEntry(this.ref, `its tree ${oid} does not parse`);
        }
        return items;
    }
    /**
     * The root tree after setting each path to a blob (or removing it, `null`), with every new
     * object to store. Emptied trees disappear, as git would never hold them.
     */
    async edit(edits) {
        const objects = [];
        const root = await this.editDir(this.root, '', edits, objects);
        const empty = encodeTree([]);
        const rootOid = root ?? objectId('tree', empty);
        if (!root)
            objects.push({ type: 'tree', body: empty, oid: rootOid });
        return { root: rootOid, objects };
    }
    async editDir(oid, dir, edits, out) {
        const items = new Map((oid ? await this.readTree(oid) : []).map(i => [i.name, i]));
        const children = new Set();
        for (const [path, body] of edits) {
            if (!path.startsWith(dir))
                continue;
            const rest = path.slice(dir.length);
            const slash = rest.indexOf('/');
            if (slash >= 0)
                children.add(rest.slice(0, slash));
            else if (body === null)
                items.delete(rest);
            else if (items.get(rest)?.mode === TREE_MODE)
                throw this.misplaced(`${dir}${rest}`, items.get(rest), 'a file');
            else {
                const blob = objectId('blob', body);
                out.push({ type: 'blob', body, oid: blob });
                items.set(rest, { mode: BLOB_MODE, name: rest, oid: blob });
            }
        }
        for (const child of children) {
            const current = items.get(child);
            // Editing below a file would replace it: a broken entry is never overwritten.
            if (current && current.mode !== TREE_MODE)
                throw this.misplaced(`${dir}${child}`, current, 'a directory');
            const next = await this.editDir(current?.mode === TREE_MODE ? current.oid : null, `${dir}${child}/`, edits, out);
            if (next)
                items.set(child, { mode: TREE_MODE, name: child, oid: next });
            else
                items.delete(child);
        }
        if (items.size === 0)
            return null;
        const body = encodeTree([...items.values()]);
        const tree = objectId('tree', body);
        if (tree !== oid)
            out.push({ type: 'tree', body, oid: tree });
        return tree;
    }
}

;// CONCATENATED MODULE: ./src/store/index/readSession.ts

/**
 * What a bucket holds at path, as an id (its mode and object id), unread: an archived chain's
 * index entry, or a key's directory of admissions; null when nothing is there. Whatever is
 * there, the same id is the same bytes.
 */
async function itemId(view, path) {
    const item = await view.item(path);
    return item ? `${item.mode} ${item.oid}` : null;
}
/**
 * One read session's `git cat-file --batch`, started again after a fetch: a process started
 * before refs arrived is not guaranteed to see them. The one it replaces stays open until the
 * session ends, so a read other work of the session has in flight on it still answers.
 */
class ReadSession {
    refs;
    current = null;
    epoch = -1;
    retired = [];
    /**
     * The buckets opened in this session, by ref and tip commit: a bucket is opened again only
     * when its ref names another commit (each open still reads the ref). What a view caches is
     * read by object id, so it can never be stale for the tip it was opened at.
     */
    views = new Map();
    constructor(refs) {
        this.refs = refs;
    }
    /**
     * A snapshot's refs by directory, each directory listed once per fetch from the ref files (no
     * process): every name is then resolved without a round trip to git, and an absent one (most
     * runs are archived) costs nothing.
     */
    listings = new Map();
    objects() {
        if (!this.current || this.epoch !== this.refs.epoch) {
            if (this.current)
                this.retired.push(this.current);
            this.current = this.refs.git.openReader();
            this.epoch = this.refs.epoch;
            this.views.clear();
            this.listings.clear();
        }
        return this.current;
    }
    /** The object a ref names now; null when there is no such ref. */
    async readRef(ref) {
        const objects = this.objects();
        if (!this.refs.snapshot)
            return objects.read(ref);
        const oid = await this.refOid(ref);
        return oid === null ? null : objects.read(oid);
    }
    /** The id a ref names now (a snapshot: from its listing; else read through git); null: none. */
    async refOid(ref) {
        const objects = this.objects();
        if (!this.refs.snapshot)
            return (await objects.read(ref))?.oid ?? null;
        const dir = ref.slice(0, ref.lastIndexOf('/') + 1);
        let listing = this.listings.get(dir);
        if (!listing) {
            listing = this.refs.git.listRefs([dir]).then(refs => new Map(refs.map(r => [r.ref, r.oid])));
            this.listings.set(dir, listing);
            listing.catch(() => this.listings.delete(dir));
        }
        return (await listing).get(ref) ?? null;
    }
    /** The bucket at an index ref as it is now, its trees shared with earlier opens of that tip. */
    async bucket(ref) {
        const objects = this.objects();
        // A snapshot knows the tip's id from its listing: a bucket opened before is not read again.
        const known = this.refs.snapshot ? await this.refOid(ref) : undefined;
        const opened = known ? this.views.get(`${ref} ${known}`) : undefined;
        if (opened)
            return opened;
        const tip = known === undefined ? await objects.read(ref) : known && (await objects.read(known));
        if (!tip)
            return BucketView.fromTip(ref, null, objects);
        // The open itself is shared, so readers opening one tip together read its root once.
        const key = `${ref} ${tip.oid}`;
        let view = this.views.get(key);
        if (!view) {
            view = BucketView.fromTip(ref, tip, objects);
            this.views.set(key, view);
            // A bucket that fails its check is checked again at its next open (and fails again).
            view.catch(() => this.views.delete(key));
        }
        return view;
    }
    close() {
        this.current?.close();
        for (const reader of this.retired.splice(0))
            reader.close();
    }
}

;// CONCATENATED MODULE: ./src/store/index/writePlan.ts
/**
 * One write of layout v2 as planned (docs/design/storage.md): what it read of each bucket, the
 * edits it makes to their trees, the chain refs it creates, moves or deletes, the heads it
 * archives (kept reachable by the archive refs), and what retention drops. `finish` turns it
 * into the one atomic change of refs the store applies.
 */












/** A write that needs buckets this process has not brought yet (a remote): bring, plan again. */
class NeedBuckets {
    names;
    constructor(names) {
        this.names = names;
    }
}
/**
 * The refs one write changes, built from what it read: each touched bucket's edits, the heads
 * it archives (and so must keep reachable), the chain refs it creates, moves or deletes, and
 * what retention drops from the buckets it writes.
 */
class WritePlan {
    store;
    objects;
    views = new Map();
    edits = new Map();
    archived = new Map();
    /** Buckets whose archive ref is rebuilt from the heads they still hold (retention dropped some). */
    compacted = new Set();
    retained = new Set();
    swept = new Set();
    changes = [];
    touched = new Set();
    /** Keys past retention that could not be dropped, and why (their own admission then fails). */
    kept = new Map();
    constructor(store, objects) {
        this.store = store;
        this.objects = objects;
    }
    async bucket(name) {
        const ref = indexRef(name.namespace, bucketOf(name.hash));
        const seen = this.views.get(ref);
        if (seen)
            return seen.view;
        if (!this.store.refs.has(ref))
            throw new NeedBuckets([name]);
        const view = await BucketView.open(ref, this.objects);
        this.views.set(ref, { name, view });
        return view;
    }
    change(change) {
        this.changes.push(change);
    }
    async put(name, body) {
        await this.putPath(name, entryPath(name), body);
    }
    /** Sets (or removes, `null`) a path of the bucket `name` lives in. */
    async putPath(name, path, body) {
        const view = await this.bucket(name);
        const edits = this.edits.get(view.ref) ?? new Map();
        edits.set(path, body);
        this.edits.set(view.ref, edits);
    }
    /** The bytes at a path of name's bucket as this write leaves it (its own edits first). */
    async blobAt(name, path) {
        const view = await this.bucket(name);
        const edits = this.edits.get(view.ref);
        for (const [edited, body] of edits ?? []) {
            if (edited === path)
                return body;
            if (body === null && path.startsWith(`${edited}/`))
                return null;
        }
        return (await view.blob(path))?.bytes ?? null;
    }
    /** Where a chain is as this write leaves it: its own ref, or its index entry. */
    async locate(name, ref) {
        const live = await this.objects.read(ref);
        if (live)
            return { where: 'live', head: live.oid };
        const view = await this.bucket(name);
        return archivedAt(view, entryPath(name), ref, await this.blobAt(name, entryPath(name)));
    }
    /**
     * Puts a chain's new head where it belongs: its own ref while it is being written, the index
     * when it ends or is archived at once (`archive-after: 0`).
     */
    async place(name, ref, at) {
        this.touched.add(ref);
        const archive = at.ended || this.store.archiveAfterSeconds === 0;
        if (archive) {
            if (at.was?.where === 'live')
                this.change({ ref, oid: null, expected: at.was.head });
            await this.archive(name, ref, at.head, { ended: at.ended, written_at: this.store.clock });
        }
        else if (at.was?.where === 'live') {
            this.change({ ref, oid: at.head, expected: at.was.head });
        }
        else {
            this.change({ ref, oid: at.head, expected: null });
            if (at.was?.where === 'archived')
                await this.put(name, null);
        }
    }
    /**
     * Records in the key's bucket that its newest generation ended with this head (only when the
     * chain is that generation's ledger): retention reads the time there, next to the key.
     */
    async markEnded(key, ledger, head) {
        const newest = await this.newestAdmission(key);
        if (newest?.ledger_ref !== ledger)
            return;
        const entry = { ref: ledger, head, ended: true, written_at: this.store.clock };
        await this.putPath(key, endedPath(key.hash), Buffer.from(encodeIndexEntry(entry), 'utf8'));
    }
    async newestAdmission(key) {
        const generations = await this.generationsOf(key);
        return generations[generations.length - 1] ?? null;
    }
    /**
     * A key's entry read whole, as this write leaves it (docs/design/writers.md#every-entry-whole):
     * every generation 1..N present, each an admission commit of this key and generation. A gap,
     * a stray name, a file where the key's directory belongs or an entry that does not parse
     * fails closed naming where it is; nothing then writes over it.
     */
    async generationsOf(key) {
        const view = await this.bucket(key);
        const dir = `keys/${key.hash}`;
        if (this.edits.get(view.ref)?.get(dir) === null)
            return [];
        const items = await view.list(dir);
        const admissions = [];
        for (let generation = 1; generation <= items.length; generation++) {
            const item = items.find(i => i.name === String(generation));
            if (!item || item.mode !== BLOB_MODE)
                throw generationGap(view.at(dir), items, generation);
            const path = `${dir}/${generation}`;
            const bytes = (await this.blobAt(key, path));
            const admission = decodeStoredAdmission(view.at(path), bytes.toString('utf8'));
            if (refs_keyHash(admission.dispatch_key) !== key.hash || admission.generation !== generation)
                throw new errors_CorruptEntry(view.at(path), `it admits generation ${admission.generation} of another key than its place names`);
            admissions.push(admission);
        }
        return admissions;
    }
    /**
     * Retention (docs/design/storage.md#retention), once per bucket this write changes: each key
     * whose newest generation ended more than retention-days ago is dropped with its runs' index
     * entries, and the buckets those runs sat in rebuild their archive refs without them.
     */
    async retain(name) {
        const view = await this.bucket(name);
        if (this.store.retentionDays === 0 || this.retained.has(view.ref))
            return;
        this.retained.add(view.ref);
        for (const item of await view.list('ended')) {
            const path = endedPath(item.name);
            const bytes = await this.blobAt(name, path);
            if (!bytes)
                continue;
            const marker = decodeIndexEntry(view.at(path), bytes.toString('utf8'), null);
            if (!isExpired(marker.written_at, this.store.clock, this.store.retentionDays))
                continue;
            const key = {
                kind: 'admission',
                namespace: name.namespace,
                hash: item.name,
                generation: 1
            };
            const kept = await this.dropKey(key).catch((error) => {
                if (error instanceof errors_CorruptEntry)
                    return error.message;
                throw error;
            });
            if (kept !== null)
                this.kept.set(`${view.ref}:${item.name}`, kept);
        }
    }
    /**
     * Why a key past retention was kept by this write (its own admission then fails closed, naming
     * the end marker); null when it was dropped or is not past retention.
     */
    async keptPastRetention(key) {
        const view = await this.bucket(key);
        const why = this.kept.get(`${view.ref}:${key.hash}`);
        return why === undefined ? null : { where: view.at(endedPath(key.hash)), why };
    }
    /**
     * Drops a key and its runs' entries, only after reading each run's head and finding its last
     * record terminal and of that run: an index flag alone (`ended`, an end marker's time) is
     * never enough. Null when dropped; otherwise why everything was kept.
     */
    async dropKey(key) {
        const runs = [];
        for (const admission of await this.generationsOf(key)) {
            const run = named(admission.ledger_ref);
            const found = await this.locate(run, admission.ledger_ref);
            const why = await this.notEnded(admission, found);
            if (why !== null)
                return why;
            runs.push(run);
        }
        await this.putPath(key, `keys/${key.hash}`, null);
        await this.putPath(key, endedPath(key.hash), null);
        for (const run of runs) {
            await this.put(run, null);
            this.compacted.add(`${run.namespace}\n${bucketOf(run.hash)}`);
        }
        return null;
    }
    /** Why a generation's run has not verifiably ended (null: its archived head is terminal). */
    async notEnded(admission, found) {
        const run = `run ${JSON.stringify(admission.run_id)} (${admission.ledger_ref})`;
        if (!found)
            return `${run} has no ledger`;
        if (found.where === 'live')
            return `${run} is still being written`;
        const head = await this.readHead(found.head, `the archived head ${found.head} of ${run}`);
        if (head?.type !== 'commit')
            return `${run}: its archived head ${found.head} is not a commit`;
        const last = entry_decodeRecord(admission.ledger_ref, head.content, found.head).value;
        if (last.run_id !== admission.run_id)
            return `${run}: its archived head ${found.head} is a record of run ${JSON.stringify(last.run_id)}`;
        if (!states_isTerminal(last.state))
            return `${run} has not ended: its last record (sequence ${last.ledger_sequence}) is ${last.state}`;
        return null;
    }
    /** An archived head, brought first when this repository does not hold it (a remote's). */
    async readHead(oid, what) {
        const held = await this.objects.read(oid);
        if (held)
            return held;
        await this.store.refs.bringObjects([oid], what);
        // A reader started before the fetch may not see what it brought: a fresh one.
        const fresh = this.store.git.openReader();
        try {
            return await fresh.read(oid);
        }
        finally {
            fresh.close();
        }
    }
    async archive(name, ref, head, how) {
        await this.put(name, Buffer.from(encodeIndexEntry({ ref, head, ...how }), 'utf8'));
        const bucket = bucketOf(name.hash);
        const key = `${name.namespace}\n${bucket}`;
        this.archived.set(key, [...(this.archived.get(key) ?? []), head]);
    }
    /**
     * Archives the chains idle past archive-after in the buckets of `names` not swept yet, from
     * one listing of their live chains (read from the ref files, their times through the plan's
     * reader); how many.
     */
    async sweep(names) {
        const buckets = new Map();
        for (const name of names) {
            const view = await this.bucket(name);
            if (!this.swept.has(view.ref))
                buckets.set(view.ref, name);
            this.swept.add(view.ref);
        }
        const namespaces = new Set([...buckets.values()].map(n => n.namespace));
        let archived = 0;
        for (const namespace of namespaces) {
            const hashes = [...buckets.values()].filter(n => n.namespace === namespace);
            const live = await this.store.liveChains(namespace, hashes.map(n => bucketOf(n.hash)), this.objects);
            for (const chain of live)
                if (await this.archiveIfIdle(chain))
                    archived++;
        }
        return archived;
    }
    async archiveIfIdle(chain) {
        const logical = parseLogical(chain.ref);
        if (!logical || logical.kind !== 'chain' || this.touched.has(chain.ref))
            return false;
        if (!isIdle(chain.time, this.store.clock, this.store.archiveAfterSeconds))
            return false;
        this.touched.add(chain.ref);
        this.change({ ref: chain.ref, oid: null, expected: chain.oid });
        await this.archive(logical, chain.ref, chain.oid, { ended: false, written_at: chain.time });
        return true;
    }
    /** scan's sweep: the buckets of the named chains; `none` when nothing there is idle now. */
    async sweepChains(names) {
        return (await this.sweep(names)) === 0 ? 'none' : null;
    }
    async finish() {
        // Retention may edit more buckets (a dropped key's runs), which are then retained in turn.
        for (let pending = this.unretained(); pending.length > 0; pending = this.unretained())
            for (const name of pending)
                await this.retain(name);
        await this.sweep([...this.views.values()].filter(({ view }) => this.edits.has(view.ref)).map(v => v.name));
        const objects = [];
        const time = this.store.clock;
        for (const { view } of this.views.values()) {
            const edits = this.edits.get(view.ref);
            if (!edits)
                continue;
            const tree = await view.edit(edits);
            objects.push(...tree.objects);
            const commit = commitObject({
                tree: tree.root,
                parents: [],
                time,
                subject: `dispatch-ledger index ${view.ref}`
            });
            objects.push(commit);
            this.changes.push({ ref: view.ref, oid: commit.oid, expected: view.tip });
        }
        const archives = [...new Set([...this.archived.keys(), ...this.compacted])];
        const tips = await this.archiveTips(archives);
        for (const key of archives)
            objects.push(...(await this.archiveChange(key, time, tips)));
        return { changes: this.changes, objects };
    }
    /**
     * The archive tips of every bucket this write archives into, read together (one fetch and one
     * reader however many buckets: scan's sweep meets many), keyed `<namespace>\n<bucket>`.
     */
    async archiveTips(keys) {
        const tips = new Map();
        const byNamespace = new Map();
        for (const key of keys) {
            const [namespace, bucket] = key.split('\n');
            byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), bucket]);
        }
        for (const [namespace, buckets] of byNamespace) {
            const read = await this.store.archiveTips(namespace, buckets, this.objects);
            for (const bucket of buckets)
                tips.set(`${namespace}\n${bucket}`, read.get(bucket) ?? null);
        }
        return tips;
    }
    unretained() {
        if (this.store.retentionDays === 0)
            return [];
        return [...this.views.values()]
            .filter(({ view }) => this.edits.has(view.ref) && !this.retained.has(view.ref))
            .map(({ name }) => name);
    }
    /**
     * The bucket's new archive commit: on its tip plus the heads archived now, or — when
     * retention dropped entries — a chain rebuilt from exactly the heads the bucket still holds,
     * so the dropped chains are no longer reachable.
     */
    async archiveChange(key, time, tips) {
        const [namespace, bucket] = key.split('\n');
        const ref = archiveRef(namespace, bucket);
        const tip = tips.get(key) ?? null;
        const commits = this.compacted.has(key)
            ? archiveChain(null, await this.heldHeads(namespace, bucket), { ref, time })
            : archiveChain(tip, [...new Set(this.archived.get(key) ?? [])], { ref, time });
        const last = commits[commits.length - 1];
        if (last)
            this.change({ ref, oid: last.oid, expected: tip });
        // Retention dropped every head the bucket held: nothing left to keep reachable.
        else if (tip && this.compacted.has(key))
            this.change({ ref, oid: null, expected: tip });
        return commits;
    }
    /** Every archived head a bucket holds after this write's edits, brought here to be pushed. */
    async heldHeads(namespace, bucket) {
        const name = { kind: 'chain', namespace, family: 'runs', hash: bucket };
        const view = await this.bucket(name);
        const heads = new Set();
        for (const family of FAMILIES) {
            const paths = new Set((await view.list(family)).map(i => `${family}/${i.name}`));
            for (const edited of this.edits.get(view.ref)?.keys() ?? [])
                if (edited.startsWith(`${family}/`))
                    paths.add(edited);
            for (const path of paths) {
                const bytes = await this.blobAt(name, path);
                const ref = `${namespace}/${path}`;
                if (bytes)
                    heads.add(decodeIndexEntry(`${view.ref}:${path}`, bytes.toString('utf8'), ref).head);
            }
        }
        const missing = [];
        for (const head of heads)
            if (!(await this.objects.read(head)))
                missing.push(head);
        await this.store.refs.bringObjects(missing);
        return [...heads].sort();
    }
}
/**
 * At most this many heads per archive commit. Every push to the repository parses each ref's
 * tip commit and so every parent line of it: a rebuilt archive of hundreds of heads is a short
 * chain of narrow commits, not one wide one.
 */
const HEADS_PER_ARCHIVE_COMMIT = 16;
/** Archive commits on the empty tree keeping `heads` reachable, on `tip` (the last is the new tip). */
function archiveChain(tip, heads, at) {
    const commits = [];
    let previous = tip;
    for (let i = 0; i < heads.length; i += HEADS_PER_ARCHIVE_COMMIT) {
        const commit = commitObject({
            tree: EMPTY_TREE,
            parents: [...(previous ? [previous] : []), ...heads.slice(i, i + HEADS_PER_ARCHIVE_COMMIT)],
            time: at.time,
            subject: `dispatch-ledger archive ${at.ref}`
        });
        commits.push(commit);
        previous = commit.oid;
    }
    return commits;
}
function archivedAt(view, path, ref, bytes) {
    if (!bytes)
        return null;
    const entry = decodeIndexEntry(`${view.ref}:${path}`, bytes.toString('utf8'), ref);
    return { where: 'archived', head: entry.head };
}
function commitObject(spec) {
    const stamp = `${spec.time} +0000`;
    const text = `tree ${spec.tree}\n${spec.parents.map(p => `parent ${p}\n`).join('')}` +
        `author ${IDENTITY} ${stamp}\ncommitter ${IDENTITY} ${stamp}\n\n${spec.subject}\n`;
    const body = Buffer.from(text, 'utf8');
    return { type: 'commit', body, oid: objectId('commit', body) };
}
function named(ref) {
    const name = parseLogical(ref);
    if (!name)
        throw new errors_StoreError(`${ref} is not an admission, run or operation name`);
    return name;
}
/** A key's generations that are not exactly 1..N: which one is missing or misplaced. */
function generationGap(where, items, generation) {
    const names = items.map(i => i.name).sort();
    const stray = names.find(name => !/^[1-9][0-9]*$/.test(name));
    if (stray !== undefined)
        return new errors_CorruptEntry(where, `it holds ${JSON.stringify(stray)}, which is not a generation (a key holds generations ` +
            '1 to N, each a file)');
    return new errors_CorruptEntry(where, `its generations are ${names.join(', ')}, but generation ${generation} is missing or not an ` +
        'admission (a key holds generations 1 to N, each a file)');
}

;// CONCATENATED MODULE: ./src/store/index/indexedStore.ts
/**
 * The store in layout v2 (docs/design/storage.md): commands read and write admissions and
 * chains by their logical names, and this class keeps them in at most 512 index refs plus one
 * ref per chain written within `archive-after`. Every write is planned from what the arbiter
 * holds and applied as ONE atomic change of refs (a push, or an update-ref transaction):
 *
 * - an admission adds `keys/<h>/<N>` to its key's bucket, compare-and-set on the bucket tip,
 *   with its chain's first record in the same change;
 * - an append moves the chain's ref; an append that ends the chain (or with `archive-after: 0`)
 *   deletes the ref and records the head in the chain's bucket instead; an append to an
 *   archived chain that has not ended re-creates its ref (compare-and-set on the head the
 *   index records);
 * - every write of a bucket also archives that bucket's chains idle past `archive-after`
 *   (and `archiveIdle`, scan's sweep, archives every idle chain of a namespace);
 * - an append that ends a key's newest generation records that end next to the key
 *   (`ended/<h>`), and with `retention-days` every write of a bucket drops its keys ended longer
 *   ago than that, with their runs' entries, rebuilding the archive refs that reached them.
 *
 * A change lost only because the bucket moved (another key) is planned again from the new
 * tip, up to BUCKET_TRIES; a change lost to the chain or key it is about answers as before
 * (`exists`, `lost`). An unanswered change is settled by reading again: our own objects there
 * are ours (content addressing), absent is tried again (every lease stays as read).
 */












/** How many times one write is planned when other keys keep moving its bucket. */
const BUCKET_TRIES = 32;
const DEFAULT_ARCHIVE_AFTER_SECONDS = 3600;
/** How many times one plan may ask for buckets it was not given (retention's other buckets). */
const NEED_ROUNDS = 8;
class IndexedStore {
    refs;
    archiveAfterSeconds;
    retentionDays;
    now;
    /** Entry commits this process wrote, by id: an admission's bytes go into its bucket. */
    written = new Map();
    checked = new Set();
    /** Namespaces checked to hold no symbolic ref in this repository. */
    plain = new Set();
    constructor(refs, options = {}) {
        this.refs = refs;
        this.archiveAfterSeconds = options.archiveAfterSeconds ?? DEFAULT_ARCHIVE_AFTER_SECONDS;
        this.retentionDays = options.retentionDays ?? 0;
        this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    }
    get name() {
        return this.refs.name;
    }
    get git() {
        return this.refs.git;
    }
    async read(fn) {
        const session = new ReadSession(this.refs);
        try {
            return await fn(this.reader(session));
        }
        finally {
            session.close();
        }
    }
    /** Entry commits are hashed here and stored as loose objects: no git process. */
    async writeEntries(commits) {
        await this.git.ensureEmptyTree();
        const objects = commits.map(spec => {
            const body = Buffer.from(encodeCommit(spec), 'utf8');
            return { type: 'commit', body, oid: objectId('commit', body) };
        });
        await this.git.writeObjects(objects);
        for (const o of objects)
            this.written.set(o.oid, o.body);
        return objects.map(o => o.oid);
    }
    /** Names known in advance (an admission and the ledger it will name): one fetch for all. */
    async prefetch(refs) {
        await this.bringNames(refs.map(named), { refresh: false });
    }
    async createRefs(refs, options = {}) {
        const admissions = [];
        const chains = [];
        for (const create of refs) {
            const name = named(create.ref);
            if (name.kind === 'admission')
                admissions.push({ name, ref: create.ref, bytes: await this.entryBytes(create.oid) });
            else
                chains.push({ name, ref: create.ref, oid: create.oid, ...this.endOf(name, create) });
        }
        const advances = (options.advances ?? []).map(advance => {
            const name = named(advance.ref);
            if (name.kind !== 'chain')
                throw new errors_StoreError(`${advance.ref} is not a chain`);
            const { ended, key } = this.endOf(name, advance);
            return { ...advance, name, ended, keyName: key };
        });
        return this.write({
            kind: 'create',
            admissions,
            chains,
            advances
        });
    }
    /** Whether a chain's new head ends it, and the key (its generation-1 admission) it ends. */
    endOf(name, end) {
        const ended = end.ended ?? false;
        return {
            ended,
            key: ended && end.key ? named(refs_admissionRef(name.namespace, end.key)) : null
        };
    }
    advanceRef(ref, next, expected, options = {}) {
        return this.write(this.advanceIntent(ref, next, expected, options, []));
    }
    /**
     * The append and create-only refs outside the namespace (a tag) in ONE atomic change, tried
     * once: the caller settles every answer but `applied` by reading again.
     */
    async advanceWith(ref, next, expected, options) {
        const intent = this.advanceIntent(ref, next, expected, options, options.creates);
        const plan = await this.plannedWith(intent, { refresh: false, unanswered: false });
        if ('answer' in plan)
            return 'stale';
        await this.git.writeObjects(plan.objects);
        return this.refs.apply(plan.changes);
    }
    /**
     * Archives every live chain of the namespace idle past archive-after, in one atomic write
     * (scan's own sweep: a repository whose buckets are seldom written still stays bounded).
     */
    async archiveIdle(namespace) {
        await this.bringPrefixes(namespace, [`${namespace}/index/`, ...FAMILIES.map(f => `${namespace}/${f}/`)], false);
        // Every live chain is named: the sweep's plan reads their times through its one reader and
        // archives the idle ones (a listing with times would be one more process).
        const live = await this.git.listRefs(FAMILIES.map(f => `${namespace}/${f}/`));
        const names = live
            .map(r => parseLogical(r.ref))
            .filter((n) => n?.kind === 'chain');
        if (names.length > 0)
            await this.write({ kind: 'sweep', names });
    }
    /**
     * Every ref under the namespace as the arbiter holds it, symbolic ones named, with everything
     * under it brought to be read (verify: one listing, one fetch on a remote, nothing locally).
     */
    async inventory(namespace) {
        if (!this.refs.inventory)
            throw new errors_StoreError(`the store ${this.name} cannot list its refs`);
        return this.refs.inventory(namespace);
    }
    /**
     * Every logical name under a prefix: a key's generations (`<ns>/admissions/<h>`), or every
     * run, operation or admission of a namespace (`<ns>/runs/`…), live and archived alike.
     */
    async listRefs(prefix, options = {}) {
        const session = new ReadSession(this.refs);
        try {
            return await this.listIn(prefix, options.refresh ?? false, session);
        }
        finally {
            session.close();
        }
    }
    /** listRefs read through a session's reader (a reader's own listing: no process of its own). */
    async listIn(prefix, refresh, session) {
        checkPrefixes([prefix]);
        const key = parseLogical(prefix);
        if (key?.kind === 'admission' && key.generation === 1) {
            await this.bringNames([key], { refresh });
            const view = await session.bucket(indexRef(key.namespace, bucketOf(key.hash)));
            // A key past retention is gone to whoever asks which generations it has (admit: a
            // later event is a new run), though a write has not dropped it yet; its entries
            // still read by name until then.
            if (await this.expired(view, key.hash))
                return [];
            // Every entry is listed by the name it stands for; a name no writer makes (`04`)
            // then fails closed where generations are ordered and verified.
            return (await view.list(`keys/${key.hash}`)).map(item => ({
                ref: item.name === '1' ? prefix : `${prefix}.g${item.name}`,
                oid: item.oid
            }));
        }
        const family = /^(refs\/.+)\/(admissions|runs|operations)\/$/.exec(prefix);
        if (!family)
            throw new errors_StoreError(`the store cannot list ${prefix}`);
        return this.listAll(family[1], family[2], refresh, session);
    }
    // ——— reading ———
    reader(session) {
        return {
            listRefs: (prefix, options) => this.listIn(prefix, options?.refresh ?? false, session),
            readAdmission: async (ref) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: false });
                const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)));
                const blob = await view.blob(entryPath(name));
                if (!blob)
                    return null;
                const value = decodeStoredAdmission(ref, blob.bytes.toString('utf8'));
                return { oid: objectId('commit', blob.bytes), value };
            },
            readBucketExtras: async (namespace, bucket) => bucketExtras(namespace, bucket, await session.bucket(indexRef(namespace, bucket)), session.objects()),
            chainId: async (ref) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: false });
                const live = await session.refOid(ref);
                if (live !== null)
                    return `live ${live}`;
                const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)));
                return itemId(view, entryPath(name));
            },
            admissionId: async (ref) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: false });
                const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)));
                // The key's whole directory, every generation in it: its id is read from the tree above
                // it without reading the directory, and it is the same only while the admission is.
                const path = entryPath(name);
                return itemId(view, path.slice(0, path.lastIndexOf('/')));
            },
            readChain: async (ref, chain, options) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: options?.refresh ?? false });
                const found = await this.locate(name, ref, session);
                if (!found)
                    return null;
                const entry = `${indexRef(name.namespace, bucketOf(name.hash))}:${entryPath(name)}`;
                // The head as located is the walk's first read; an archived head is read here by id,
                // and fetched first when it is not here yet.
                const head = found.where === 'live' && found.object
                    ? found.object
                    : await session.objects().read(found.head);
                if (found.where === 'archived' && !head)
                    await this.refs.bringObjects([found.head], `the archived head ${found.head} of ${ref}, which ${entry} names`);
                const decode = (chain?.decode ?? decodeLedger);
                const start = found.where === 'live' ? ref : found.head;
                const entries = await walkChain(session.objects(), ref, start, decode, head);
                if (!entries)
                    throw new errors_StoreError(`The archived head ${found.head} of ${ref}, which ${entry} names, is not in this ` +
                        'repository: the index names a commit that was never written here or was removed. ' +
                        'dispatch-ledger will not guess past it; nothing was written. Repair or remove ' +
                        `that entry (\`git cat-file -p ${entry}\` shows it).`);
                return entries;
            }
        };
    }
    /** Where a chain is: its own ref, or its bucket's index entry; null when neither. */
    async locate(name, ref, session) {
        const live = await session.readRef(ref);
        if (live)
            return { where: 'live', head: live.oid, object: live };
        const view = await session.bucket(indexRef(name.namespace, bucketOf(name.hash)));
        return archivedAt(view, entryPath(name), ref, (await view.blob(entryPath(name)))?.bytes);
    }
    /**
     * Retention as a reader sees it: a key whose newest generation ended more than retention-days
     * ago is gone, whether or not a write has dropped it from its bucket yet.
     */
    async expired(view, hash) {
        if (this.retentionDays === 0)
            return false;
        const marker = await view.blob(endedPath(hash));
        if (!marker)
            return false;
        const entry = decodeIndexEntry(`${view.ref}:${endedPath(hash)}`, marker.bytes.toString('utf8'), null);
        return isExpired(entry.written_at, this.clock, this.retentionDays);
    }
    async listAll(namespace, family, refresh, session) {
        await this.bringPrefixes(namespace, [`${namespace}/index/`, ...FAMILIES.map(f => `${namespace}/${f}/`)], refresh);
        // One listing of the live chains and the buckets (read from the ref files: no process).
        const refs = await this.git.listRefs([
            `${namespace}/index/`,
            ...(family === 'admissions' ? [] : [`${namespace}/${family}/`])
        ]);
        const buckets = refs.filter(r => r.ref.startsWith(`${namespace}/index/`));
        const listed = refs.filter(r => !r.ref.startsWith(`${namespace}/index/`));
        // Every bucket (and every key's tree) is asked for at once: the requests reach the
        // session's reader together, in the buckets' order as listed.
        const each = await Promise.all(buckets.map(async (bucket) => {
            const view = await session.bucket(bucket.ref);
            // Only what sits where its hash puts it is listed: readers look nowhere else, so a copy
            // in a second bucket (verify names it) would list one run twice, and an entry moved out of
            // its bucket reads as absent (a missing ledger, an orphan) rather than as listed but gone.
            const name = bucket.ref.slice(`${namespace}/index/`.length);
            const own = (item) => bucketOfEntry(item.name) === name;
            if (family !== 'admissions')
                return (await view.list(family)).filter(own).map(item => ({
                    ref: `${namespace}/${family}/${item.name}`,
                    oid: item.oid
                }));
            const keys = (await view.list('keys')).filter(own);
            const generations = await Promise.all(keys.map(key => view.readTree(key.oid)));
            return keys.flatMap((key, i) => (generations[i] ?? []).map(gen => ({
                ref: `${namespace}/admissions/${key.name}${gen.name === '1' ? '' : `.g${gen.name}`}`,
                oid: gen.oid
            })));
        }));
        // A live ref and an index entry of one chain (a revival's entry put back by hand): once.
        const unique = new Map();
        for (const entry of [...listed, ...each.flat()])
            if (!unique.has(entry.ref))
                unique.set(entry.ref, entry);
        return [...unique.values()];
    }
    // ——— writing ———
    advanceIntent(ref, next, expected, options, creates) {
        const name = named(ref);
        if (name.kind !== 'chain')
            throw new errors_StoreError(`${ref} is not a chain`);
        const ended = options.ended ?? false;
        const key = ended && options.key ? named(refs_admissionRef(name.namespace, options.key)) : null;
        return { kind: 'advance', name, ref, next, expected, ended, key, creates };
    }
    async write(intent) {
        let unanswered = false;
        for (let attempt = 1; attempt <= BUCKET_TRIES; attempt++) {
            const plan = await this.plannedWith(intent, { refresh: attempt > 1, unanswered });
            if ('answer' in plan)
                return plan.answer;
            await this.git.writeObjects(plan.objects);
            const outcome = await this.refs.apply(plan.changes);
            if (outcome === 'applied')
                return appliedAnswer(intent);
            if (outcome === 'unanswered')
                unanswered = true;
            if (attempt > 2)
                await pause(attempt);
        }
        if (this.refs.locked !== null)
            throw new errors_StoreError(`${this.name} could not lock ${this.refs.locked} in ${BUCKET_TRIES} tries, so nothing ` +
                'was written or claimed. This is a ref lock held on the server (a push still running ' +
                `there, or a ${this.refs.locked}.lock file a killed process left behind), not a ` +
                'conflict with other writers: re-run the step; if it repeats, remove the stale lock ' +
                'file on the server.');
        throw new errors_StoreError(`Other writers kept changing the index bucket of ${indexedStore_describe(intent)} at ${this.name} ` +
            `(${BUCKET_TRIES} tries), so nothing was written or claimed. This is contention, not a ` +
            'conflict: re-run the step.');
    }
    /**
     * Brings what the write reads and plans it; a plan that meets buckets not brought yet (the
     * runs of a key retention drops) brings them too and plans again.
     */
    async plannedWith(intent, options) {
        const extra = [];
        // Each round brings at least one more bucket, so a few rounds are all a plan can need.
        for (let round = 1; round <= NEED_ROUNDS; round++) {
            await this.bringFor(intent, extra, { refresh: options.refresh });
            const plan = await this.planned(intent, options.unanswered);
            if (!('need' in plan))
                return plan;
            extra.push(...plan.need);
        }
        throw new errors_StoreError(`Planning the write of ${indexedStore_describe(intent)} at ${this.name} kept needing index buckets ` +
            `that were not fetched (${NEED_ROUNDS} rounds), so nothing was written. Re-run the step.`);
    }
    async planned(intent, unanswered) {
        const objects = this.git.openReader();
        try {
            const plan = new WritePlan(this, objects);
            const answer = await this.planIntent(intent, plan, unanswered);
            if (answer !== null)
                return { answer: answer };
            return await plan.finish();
        }
        catch (error) {
            if (error instanceof NeedBuckets)
                return { need: error.names };
            throw error;
        }
        finally {
            objects.close();
        }
    }
    planIntent(intent, plan, unanswered) {
        if (intent.kind === 'create')
            return this.planCreate(intent, plan, unanswered);
        if (intent.kind === 'advance')
            return this.planAdvance(intent, plan, unanswered);
        return plan.sweepChains(intent.names);
    }
    async planCreate(intent, plan, unanswered) {
        let present = 0;
        let ours = 0;
        // Retention first: a key past it is dropped by this very write, so it admits anew.
        for (const a of intent.admissions)
            await plan.retain(a.name);
        for (const a of intent.admissions) {
            // A key past retention that could not be dropped is not free: it fails closed, named.
            const kept = await plan.keptPastRetention(a.name);
            if (kept !== null)
                throw new errors_CorruptEntry(kept.where, `the key's end marker says it ended more than ${this.retentionDays} days ago, but ` +
                    `${kept.why}; the key is kept and no new run is admitted for it`);
            // The key's entry read whole: a gap or a broken generation fails closed right here.
            const held = (await plan.generationsOf(a.name)).length;
            if (held >= a.name.generation)
                present++;
            if (held >= a.name.generation &&
                (await plan.blobAt(a.name, entryPath(a.name)))?.equals(a.bytes))
                ours++;
            // Generation N follows N-1; a read that still saw a key retention has dropped is stale.
            if (held < a.name.generation - 1)
                present++;
        }
        for (const c of intent.chains) {
            const found = await plan.locate(c.name, c.ref);
            if (found)
                present++;
            if (found?.head === c.oid)
                ours++;
        }
        const moved = [];
        for (const advance of intent.advances) {
            const found = await plan.locate(advance.name, advance.ref);
            moved.push(found);
            if (found?.head === advance.next)
                ours++;
        }
        const all = intent.admissions.length + intent.chains.length + intent.advances.length;
        if (unanswered && ours === all)
            return 'created';
        if (present > 0)
            return 'exists';
        if (intent.advances.some((advance, i) => moved[i]?.head !== advance.expected))
            return 'lost';
        for (const a of intent.admissions) {
            await plan.put(a.name, a.bytes);
            // The key's newest generation is this one, which has not ended.
            await plan.putPath(a.name, endedPath(a.name.hash), null);
        }
        for (const c of intent.chains) {
            await plan.place(c.name, c.ref, { head: c.oid, was: null, ended: c.ended });
            if (c.key)
                await plan.markEnded(c.key, c.ref, c.oid);
        }
        for (const [i, advance] of intent.advances.entries()) {
            const was = moved[i] ?? null;
            await plan.place(advance.name, advance.ref, { head: advance.next, was, ended: advance.ended });
            if (advance.keyName)
                await plan.markEnded(advance.keyName, advance.ref, advance.next);
        }
        return null;
    }
    async planAdvance(intent, plan, unanswered) {
        const found = await plan.locate(intent.name, intent.ref);
        if (unanswered && found?.head === intent.next)
            return 'advanced';
        if (!found || found.head !== intent.expected)
            return 'lost';
        await plan.place(intent.name, intent.ref, {
            head: intent.next,
            was: found,
            ended: intent.ended
        });
        if (intent.key)
            await plan.markEnded(intent.key, intent.ref, intent.next);
        for (const create of intent.creates)
            plan.change({ ...create, expected: null });
        return null;
    }
    /** Brings what a write reads: the buckets and chains it names (refreshed after a loss). */
    bringFor(intent, extra, options) {
        const names = intent.kind === 'create'
            ? [
                ...[...intent.admissions, ...intent.chains, ...intent.advances].map(x => x.name),
                ...intent.chains.flatMap(c => (c.key ? [c.key] : [])),
                ...intent.advances.flatMap(a => (a.keyName ? [a.keyName] : []))
            ]
            : intent.kind === 'advance'
                ? [intent.name, ...(intent.key ? [intent.key] : [])]
                : intent.names;
        return this.bringNames([...names, ...extra], { ...options, check: false });
    }
    /**
     * One fetch of each named bucket's index tip and live chains (never their history: an index
     * commit has no parent). The first time a namespace is seen, its layout is checked too.
     */
    async bringNames(names, options) {
        const byNamespace = new Map();
        for (const name of names) {
            const buckets = byNamespace.get(name.namespace) ?? new Set();
            buckets.add(bucketOf(name.hash));
            byNamespace.set(name.namespace, buckets);
        }
        for (const [namespace, buckets] of byNamespace)
            await this.bringPrefixes(namespace, [...buckets].flatMap(b => [
                indexRef(namespace, b),
                ...FAMILIES.map(f => liveChainPrefix(namespace, f, b))
            ]), options.refresh, { check: options.check ?? true });
    }
    async bringPrefixes(namespace, prefixes, refresh, options = {}) {
        const first = !this.checked.has(namespace);
        const v1 = `${namespace}/admissions/`;
        // Before the first fetch: a fetch into a local symbolic ref would write through it.
        if (!this.plain.has(namespace))
            await this.refuseSymbolicRefs(namespace);
        await this.refs.bring(first ? [...prefixes, v1] : prefixes, { shallow: false, refresh });
        // A write checks in its own listing of live chains (liveChains), saving a process.
        if (first && options.check !== false)
            this.refuseLayoutV1(namespace, await this.git.listRefs([v1]));
    }
    /**
     * The live chains of the buckets a write changes, with the check of the namespace's layout in
     * the same listing when it has not been made (the ref files; times through the plan's reader).
     */
    async liveChains(namespace, buckets, objects) {
        const v1 = `${namespace}/admissions/`;
        const first = !this.checked.has(namespace);
        const prefixes = [
            ...(first ? [v1] : []),
            ...buckets.flatMap(b => FAMILIES.map(f => liveChainPrefix(namespace, f, b)))
        ];
        // The listing is read from the ref files and each chain's time from its head through the
        // plan's reader: no process of its own (docs/design/storage.md).
        const listed = await timed(await this.git.listRefs(prefixes), objects);
        if (first)
            this.refuseLayoutV1(namespace, listed.filter(r => r.ref.startsWith(v1)));
        return listed.filter(r => !r.ref.startsWith(v1));
    }
    /**
     * Only plain refs (docs/design/writers.md#only-plain-refs): a symbolic ref under the namespace
     * fails closed by name, before anything is read through it or written to what it names.
     */
    async refuseSymbolicRefs(namespace) {
        const [symbolic] = await this.git.symbolicRefs(`${namespace}/`);
        if (symbolic !== undefined)
            throw new errors_StoreError(`The ref ${symbolic} in this repository is a symbolic ref. dispatch-ledger keeps only ` +
                'plain refs under its namespace and never reads or writes through a symbolic one (it ' +
                'could lead to a branch); nothing was read or written. Remove it with ' +
                `\`git symbolic-ref --delete ${symbolic}\` (the next step fetches the real ref again).`);
        this.plain.add(namespace);
    }
    refuseLayoutV1(namespace, v1Refs) {
        const v1 = `${namespace}/admissions/`;
        if (v1Refs.length > 0)
            throw new errors_StoreError(`The namespace ${namespace} holds refs of layout v1 (${v1}…), which this version does ` +
                'not read or write (v0.1 was never released, and nothing migrates them). Set ' +
                '`namespace` to a fresh prefix, or delete those refs ' +
                `(git for-each-ref --format='delete %(refname)' ${v1} | git update-ref --stdin, then push the deletions).`);
        this.checked.add(namespace);
    }
    /** The bytes of an entry commit this process wrote (or, failing that, as git holds it). */
    async entryBytes(oid) {
        const known = this.written.get(oid);
        if (known)
            return known;
        const objects = this.git.openReader();
        try {
            const object = await objects.read(oid);
            if (!object || object.type !== 'commit')
                throw new errors_StoreError(`entry ${oid} was not written`);
            return object.bytes;
        }
        finally {
            objects.close();
        }
    }
    /**
     * The archive tips of buckets, brought shallow in one fetch (their history is never needed to
     * extend them) and read by one reader: the plan's
     * own when nothing was fetched (a local store), else a fresh one (a reader started before a
     * fetch may not see what it brought). Each tip is checked to be an archive commit of its very
     * ref, since the write moves it next.
     */
    async archiveTips(namespace, buckets, objects) {
        const epoch = this.refs.epoch;
        await this.refs.bring(buckets.map(b => archiveRef(namespace, b)), { shallow: true, refresh: true });
        const own = this.refs.epoch === epoch ? null : this.git.openReader();
        const reader = own ?? objects;
        try {
            // Asked together, so the reader writes the requests to git at once.
            const read = await Promise.all(buckets.map(async (bucket) => {
                const ref = archiveRef(namespace, bucket);
                const object = await reader.read(ref);
                if (object)
                    checkArchiveTip(ref, object);
                return [bucket, object?.oid ?? null];
            }));
            return new Map(read);
        }
        finally {
            own?.close();
        }
    }
    get clock() {
        return this.now();
    }
}
/** Each ref with its head's committer time, read through one reader. */
async function timed(refs, objects) {
    // Asked together, so the reader writes the requests to git at once.
    return Promise.all(refs.map(async (r) => ({ ...r, time: committerTime(await objects.read(r.oid)) })));
}
/** What an applied write answers. */
function appliedAnswer(intent) {
    return intent.kind === 'create' ? 'created' : intent.kind === 'advance' ? 'advanced' : 'archived';
}
function indexedStore_describe(intent) {
    if (intent.kind === 'create')
        return [...intent.admissions, ...intent.chains, ...intent.advances]
            .map(x => x.ref)
            .join(' and ');
    return intent.kind === 'advance' ? intent.ref : `the idle chains of ${intent.names[0]?.namespace}`;
}
function pause(attempt) {
    return new Promise(resolve => setTimeout(resolve, Math.random() * 20 * Math.min(attempt, 10)));
}

;// CONCATENATED MODULE: ./src/store/staleLocks.ts
/**
 * Stale locks in a step's local copy (docs/design/writers.md#the-local-copy). The checkout's
 * copies of the ledger's refs only follow the arbiter, and a git killed in an earlier step of
 * the job leaves its `*.lock` file there, which fails every later fetch that must move that
 * ref ("Unable to create '….lock': File exists"). A lock older than this process was taken by
 * no git of this step, and a job's steps run one at a time, so it is a dead git's: it is
 * removed, and the fetch made again. Only the locks git names, only inside this repository's
 * git directory, only plain files.
 */


/** When this process started (epoch ms): a lock file older than that is no git's of ours. */
const STARTED_AT = Date.now() - process.uptime() * 1000;
/** The lock files git's stderr says it could not create, as absolute paths. */
function namedLocks(stderr, cwd) {
    const locks = new Set();
    for (const match of stderr.matchAll(/Unable to create '([^'\n]+\.lock)': File exists/g))
        locks.add((0,external_node_path_.resolve)(cwd, match[1]));
    return [...locks];
}
/**
 * Removes each lock git named that lies in gitDir and is older than this process; returns the
 * ones removed (none: the failure is not a stale lock's, and nothing is retried).
 */
async function removeStaleLocks(options) {
    const before = options.startedAt ?? STARTED_AT;
    const removed = [];
    for (const lock of namedLocks(options.stderr, options.cwd)) {
        const inside = (0,external_node_path_.relative)(options.gitDir, lock);
        if (inside === '' || inside.startsWith('..') || (0,external_node_path_.isAbsolute)(inside))
            continue;
        const info = await (0,promises_namespaceObject.lstat)(lock).catch(() => null);
        if (!info?.isFile() || info.mtimeMs >= before)
            continue;
        await (0,promises_namespaceObject.rm)(lock, { force: true });
        removed.push(lock);
    }
    return removed;
}

;// CONCATENATED MODULE: ./src/store/index/physical.ts
/**
 * The refs a store keeps, as git holds them: the local repository's, or a remote's (the
 * arbiter, docs/design/arbiter.md). Layout v2 (indexedStore.ts) decides which refs to read and
 * which to change; this port only brings refs up to date and applies one all-or-nothing change.
 */



class LocalRefs {
    git;
    name = 'local';
    epoch = 0;
    locked = null;
    constructor(git) {
        this.git = git;
    }
    async bring() { }
    has() {
        return true;
    }
    async bringObjects() { }
    async apply(changes) {
        return (await this.git.changeRefs(changes)) ? 'applied' : 'stale';
    }
    inventory(namespace) {
        return this.git.rawRefs(`${namespace}/`);
    }
}
function parsePorcelain(stdout) {
    const lines = new Map();
    for (const line of stdout.split('\n')) {
        const match = /^([ +\-*=!])\t[^:\t]*:([^\t]+)\t(.*)$/.exec(line);
        if (match)
            lines.set(match[2], {
                flag: match[1],
                ref: match[2],
                // The server words a refusal's reason (`[remote rejected] (<reason>)`): messages quote it.
                summary: bounded(match[3])
            });
    }
    return lines;
}
class physical_RemoteRefs {
    git;
    name;
    options;
    fetched = new Set();
    /** Local copies no longer follow the arbiter (a local update failed): fetch everything again. */
    diverged = false;
    epoch = 0;
    locked = null;
    constructor(git, name, options = {}) {
        this.git = git;
        this.name = name;
        this.options = options;
        this.remote = options.remote ?? name;
        this.snapshot = options.snapshot ?? false;
    }
    snapshot;
    /** What git fetches from and pushes to: the remote's name, or a URL. */
    remote;
    /** The fetch running now: the next waits for it (concurrent readers never fetch together). */
    fetching = Promise.resolve();
    /** Runs fn once every fetch asked for before it has finished, whatever they answered. */
    serial(fn) {
        const next = this.fetching.then(fn, fn);
        this.fetching = next.catch(() => { });
        return next;
    }
    bring(prefixes, options) {
        return this.serial(() => this.bringNow(prefixes, options));
    }
    bringObjects(oids, what) {
        return this.serial(() => this.bringObjectsNow(oids, what));
    }
    async bringNow(prefixes, options) {
        const wanted = options.refresh ? prefixes : prefixes.filter(p => !this.covered(p));
        if (wanted.length === 0)
            return;
        this.epoch++;
        const depth = options.shallow ? { depth: 1 } : {};
        let result = await this.git.fetchRefs(this.remote, wanted, depth);
        // A shallow fetch that matches no ref exits 1, as a fetch that failed to update a ref
        // does. What git printed cannot tell them apart (a trace, a warning, or nothing), so the
        // remote's own listing does: none of the refs there means they are absent; some there
        // means they came in between or the fetch failed, and it is made once more.
        if (options.shallow && result.code === 1) {
            if (!(await this.git.remoteHolds(this.remote, wanted)))
                return this.covers(wanted);
            result = await this.git.fetchRefs(this.remote, wanted, depth);
        }
        if (result.code !== 0 && (await this.removedStaleLocks(result.stderr)))
            result = await this.git.fetchRefs(this.remote, wanted, depth);
        if (result.code !== 0) {
            this.refuseIfForbidden(result, 'read');
            throw this.git.failure(['fetch'], result);
        }
        this.covers(wanted);
    }
    /**
     * Whether a fetch failed on locks a git killed earlier in the job left in the local copy, now
     * removed (staleLocks.ts). Not in a snapshot: the command line's cache may be shared by two
     * commands of one user at once, and it is made again instead (snapshotStore.ts).
     */
    async removedStaleLocks(stderr) {
        if (this.snapshot || !/\.lock': File exists/.test(stderr))
            return false;
        const gitDir = await this.git.gitCommonDir();
        return (await removeStaleLocks({ stderr, cwd: this.git.cwd, gitDir })).length > 0;
    }
    covers(prefixes) {
        for (const prefix of prefixes)
            this.fetched.add(prefix);
    }
    async bringObjectsNow(oids, what) {
        if (oids.length === 0)
            return;
        this.epoch++;
        const result = await this.git.fetchObjects(this.remote, oids);
        if (result.code !== 0) {
            this.refuseIfForbidden(result, 'read');
            if (/not our ref/i.test(result.stderr))
                throw new errors_StoreError(`The remote ${this.name} does not hold ${what ?? `the object ${oids.join(', ')}`}: the ` +
                    'index names a commit the remote never received or no longer has (git answered ' +
                    '"not our ref"). dispatch-ledger will not guess past it; nothing was written. The ' +
                    'entry that names it was written by hand or by another tool: repair or remove it.');
            throw this.git.failure(['fetch'], result);
        }
    }
    /**
     * One `git push --atomic` with a lease per ref. A clean answer for every ref is `applied`
     * (local refs then follow); a lease refused or a compare lost on the server is `stale`; no
     * answer is `unanswered`, settled by the caller reading again. A refusal (a hook, a ruleset,
     * no write permission) throws: no retry can help.
     */
    async apply(changes) {
        // A snapshot's sessions resolve names from their listing: a change here would go unseen.
        if (this.snapshot)
            throw new errors_StoreError(`the snapshot of ${this.name} is read-only`);
        const result = await this.git.push(this.remote, changes, { atomic: true, follow: true });
        const parsed = parsePorcelain(result.stdout);
        const lines = changes.map(c => parsed.get(c.ref));
        if (result.code !== 0) {
            const clash = refNameClash(result.stderr);
            if (clash)
                throw clashError(clash, `The remote ${this.name}`);
        }
        this.locked = null;
        if (lines.every(l => l && [' ', '+', '*', '-'].includes(l.flag))) {
            await this.follow(changes, result);
            return 'applied';
        }
        if (lines.some(l => l && (isLeaseRefused(l) || isRaceLost(l) || l.flag === '='))) {
            this.locked = heldLock(result.stderr) ?? lines.find(l => l && isLockFailure(l))?.ref ?? null;
            return 'stale';
        }
        const refused = lines.find(l => l?.flag === '!');
        if (refused)
            throw this.rejected(result, refused);
        this.refuseIfForbidden(result, 'write');
        return 'unanswered';
    }
    has(prefix) {
        return this.covered(prefix);
    }
    /**
     * One `ls-remote --symref` of the namespace, then one fetch of all of it, archive history
     * included, so that every chain verify reads is here (never a fetch per archived run).
     */
    async inventory(namespace) {
        const prefix = `${namespace}/`;
        let listed;
        try {
            listed = await this.git.remoteRawRefs(this.remote, prefix);
        }
        catch (error) {
            this.refuseIfForbidden({ code: 1, stdout: '', stderr: error.message }, 'read');
            throw error;
        }
        // A fetch into a symbolic ref of this repository would write through it.
        const [symbolic] = await this.git.symbolicRefs(prefix);
        if (symbolic !== undefined)
            throw new errors_StoreError(`The ref ${symbolic} in this repository is a symbolic ref, and fetching ${this.name}'s ` +
                'refs into it would write through it; nothing was read. Remove it with ' +
                `\`git symbolic-ref --delete ${symbolic}\`.`);
        await this.bring([prefix], { shallow: false, refresh: true });
        return listed;
    }
    /**
     * Local refs follow what the arbiter now holds. The push has set them itself when it says it
     * set every one (`followed`, docs/design/arbiter.md#what-is-fetched): no process of its own.
     * Otherwise (a refspec of the repository's config matched first, a held local lock, any
     * error or warning) they are set here, every one whatever it held. The write has landed
     * whatever happens here: a local failure is a warning, never an error claiming the write did
     * not happen, and later reads in this process fetch again instead of trusting the local
     * copies.
     */
    async follow(changes, pushed) {
        try {
            const set = new Set(pushed.followed ?? []);
            if (!changes.every(c => set.has(c.ref)))
                await this.mirror(changes, pushed.stderr);
            for (const c of changes)
                this.fetched.add(c.ref);
        }
        catch (error) {
            this.diverged = true;
            this.fetched.clear();
            this.options.warn?.(`The write landed at ${this.name}, but updating this repository's own copy of its refs ` +
                `failed (${error.message}). Nothing is lost: later reads fetch from ` +
                `${this.name} again. Check that the checkout is writable.`);
        }
    }
    /**
     * Sets the local copies of the refs a write moved. The copy is a cache of the arbiter: a lock
     * a git killed earlier in the job left on one of them (the push names it when it could not
     * set that copy itself, update-ref when it cannot either) is taken away, as a fetch does
     * (removedStaleLocks), and the copies set once more; any other failure is the caller's.
     */
    async mirror(changes, pushSaid) {
        // Taken away first when the push met it: update-ref then need not wait for it in vain.
        await this.removedStaleLocks(pushSaid);
        let result = await this.git.mirrorRefs(changes);
        if (result.code !== 0 && (await this.removedStaleLocks(result.stderr)))
            result = await this.git.mirrorRefs(changes);
        if (result.code !== 0)
            throw this.git.failure(['update-ref'], result);
    }
    covered(prefix) {
        if (this.diverged)
            return false;
        for (const done of this.fetched)
            if (prefix.startsWith(done))
                return true;
        return false;
    }
    refuseIfForbidden(result, access) {
        const custom = this.options.refusal;
        const forbidden = custom
            ? /\b40[134]\b|authentication failed|could not read username|invalid username|repository not found|permission to .* denied|write access .* not granted|resource not accessible/i
            : /\b403\b|permission to .* denied|write access .* not granted|resource not accessible/i;
        if (!forbidden.test(result.stderr))
            return;
        if (custom)
            throw custom(access, firstLine(result.stderr));
        throw new errors_StoreError(`The remote ${this.name} refused to let this job ${access} refs (${firstLine(result.stderr)}). ` +
            'Nothing was admitted or recorded. Give the workflow `permissions: contents: ' +
            `${access}\` (and check out with credentials persisted, as actions/checkout does by default).`);
    }
    rejected(result, line) {
        return new errors_StoreError(`The remote ${this.name} rejected the push (${line.ref}: ${line.summary}; ` +
            `${firstLine(result.stderr)}). Nothing is claimed; a server-side hook or ruleset may ` +
            'forbid these refs.');
    }
}
/** The client refused our lease: the ref is not what we expected (absent, or our head). */
function isLeaseRefused(line) {
    return (line.flag === '!' &&
        /\(stale info\)|\(atomic push failed\)|\(fetch first\)|\(non-fast-forward\)/.test(line.summary));
}
/**
 * The ref whose `.lock` file the server found already there (an atomic push reports only
 * "atomic transaction failed" on its lines; the server's stderr names the lock).
 */
function heldLock(stderr) {
    return (/cannot lock ref '([^']+)': Unable to create '[^']*\.lock': File exists/.exec(stderr)?.[1] ??
        null);
}
/** The server could not take the ref's lock (a held or stale `.lock` file there). */
function isLockFailure(line) {
    return /\[remote rejected\] \(failed to lock\)/.test(line.summary);
}
/** The server's own compare-and-set failed: another push moved the ref since we looked. */
function isRaceLost(line) {
    return /\[remote rejected\] \((failed to update ref|atomic transaction failed|failed to lock)\)/.test(line.summary);
}
/** The line of git's stderr that says what went wrong (redacted, bounded), for an error message. */
function firstLine(text) {
    return causeLine(text) ?? 'no message';
}

;// CONCATENATED MODULE: ./src/store/ledgerRepository.ts
/**
 * A ledger repository of its own (docs/design/ledger-repository.md): the arbiter is
 * `<server>/<owner>/<name>.git`, reached with a token that only the git processes' environment
 * carries (an `http.<url>.extraheader` through GIT_CONFIG_COUNT), never a command line, a stored
 * URL or a config file. The local side is a cache repository of its own under RUNNER_TEMP
 * (cacheRepository.ts), so a step needs no checkout of the code repository and the workspace's
 * `.git` is never touched.
 */





/** The arbiter's URL: the server's, as GITHUB_SERVER_URL names it, then `/<owner>/<name>.git`. */
function ledgerUrl(serverUrl, repository) {
    return `${(serverUrl || 'https://github.com').replace(/\/+$/, '')}/${repository}.git`;
}
/** The header git sends: HTTP Basic with the user GitHub documents for tokens. */
function authorizationHeader(token) {
    return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64')}`;
}
/**
 * The environment of every git process of this store: the step's, plus one more config entry
 * (after any GIT_CONFIG_COUNT entries already there) that sends the token to this URL only.
 */
function credentialEnv(env, url, token) {
    return withConfig(env, [[`http.${url}.extraheader`, authorizationHeader(token)]]);
}
/**
 * The store whose arbiter is a ledger repository; its name is `owner/name`. `code`: the
 * checkout of the code repository, when the step has one with an origin (effect's tags go there).
 */
class LedgerRepositoryStore extends IndexedStore {
    code;
    constructor(refs, options, code) {
        super(refs, options);
        this.code = code;
    }
}
async function ledgerRepository_openLedgerStore(ledger, options) {
    const { repository, token } = ledger;
    if (token.trim() === '')
        throw new InvalidInput(`ledger-repository ${repository} needs a token that may write it: set \`ledger-token\` ` +
            `(contents: write on ${repository}, for example from actions/create-github-app-token). ` +
            'Nothing was admitted.');
    const url = ledgerUrl(options.env.GITHUB_SERVER_URL, repository);
    // A killed git's lock in the job's cache is no reason to fail: the cache is made again.
    const cache = await openCache({
        location: stepCacheLocation(options.env),
        url,
        env: credentialEnv(options.env, url, token),
        remakeIfLocked: true
    });
    const git = new Git(cache.dir, cache.env);
    const refs = new RemoteRefs(git, repository, {
        ...options.layout,
        remote: url,
        refusal: (access, said) => refused(repository, access, said)
    });
    return new LedgerRepositoryStore(refs, options.layout, options.code ?? null);
}
/** A token that may not read or may not write the ledger repository: what to fix, named. */
function refused(repository, access, said) {
    return new StoreError(`The ledger repository ${repository} refused to let this job ${access} its refs (${said}). ` +
        'Nothing was admitted or recorded. The `ledger-token` needs `contents: write` on ' +
        `${repository}; GitHub answers 404 both for a repository that does not exist and for one ` +
        'the token cannot see, so check the name as well.');
}

;// CONCATENATED MODULE: ./src/store/localStore.ts


/** The local repository's refs are the store: the arbiter when there is no remote. */
class localStore_LocalStore extends IndexedStore {
    constructor(git, options = {}) {
        super(new LocalRefs(git), options);
    }
}

;// CONCATENATED MODULE: ./src/store/remoteStore.ts


/**
 * docs/design/arbiter.md: the repository's remote is the arbiter, since every job runs on a
 * fresh machine. Objects are written locally, then one push per write decides; local refs
 * follow what the remote holds so later steps in the job read locally.
 */
class remoteStore_RemoteStore extends IndexedStore {
    constructor(git, name, options = {}) {
        super(new physical_RemoteRefs(git, name, { warn: options.warn, refusal: options.refusal }), options);
    }
}

;// CONCATENATED MODULE: ./src/store/openStore.ts









/**
 * The store the inputs ask for. `auto`: inside GitHub Actions every job is a fresh machine,
 * so only the remote can arbitrate between runs — use origin. Without an origin there is no
 * arbiter, and the step fails rather than admit into the runner's own disposable clone (a
 * local store there decides nothing between runs, so exactly-once would be off while the step
 * said it was on); `remote: none` is the explicit choice of that store. Under act (ACT=true)
 * or outside Actions the local repository decides.
 */
async function openStore_openStore(options) {
    if (options.ledger)
        return openLedgerStore(options.ledger, {
            env: options.env,
            layout: layoutOf(options),
            code: await codeCheckout(options)
        });
    const path = resolve(options.repositoryPath || options.env.GITHUB_WORKSPACE || process.cwd());
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory())
        throw new InvalidInput(`The repository path ${path} is not a directory. Check the repository out first ` +
            '(actions/checkout) or set repository-path.');
    const layout = layoutOf(options);
    const git = new Git(path, options.env);
    const remote = options.remote.trim();
    if (remote === 'none')
        return new LocalStore(git, layout);
    if (remote === 'auto') {
        if (options.env.ACT === 'true' || options.env.GITHUB_ACTIONS !== 'true')
            return new LocalStore(git, layout);
        if (await git.hasRemote('origin'))
            return new RemoteStore(git, 'origin', {
                ...layout,
                ...(await refusalOf('origin', options.env))
            });
        // Not a repository at all is the truer message (git's own, naming actions/checkout).
        await git.ok(['rev-parse', '--git-dir']);
        throw new InvalidInput(`remote: auto: the repository at ${path} has no origin remote, and inside GitHub Actions a local store ` +
            'decides nothing between runs: each job runs on a fresh machine, so a second run would ' +
            'admit the same key again. Check the repository out with actions/checkout (which sets ' +
            'origin), name another remote, or set remote: none to choose a local store that gives ' +
            'no exactly-once between runs. Nothing was admitted.');
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(remote))
        throw new InvalidInput(`The remote input ${JSON.stringify(remote)} is not auto, none or a remote name.`);
    if (!(await git.hasRemote(remote)))
        throw new InvalidInput(`The repository at ${path} has no remote named ${remote}. Use remote: auto, remote: none, ` +
            'or the name of a configured remote.');
    return new RemoteStore(git, remote, { ...layout, ...(await refusalOf(remote, options.env)) });
}
/**
 * How a refusal by the remote is said: naming the cause (no credentials, a fork's read-only
 * token, a missing permission) from the event the step runs on.
 */
async function refusalOf(remote, env) {
    const eventName = env.GITHUB_EVENT_NAME ?? '';
    const payload = env.GITHUB_EVENT_PATH && eventName.startsWith('pull_request')
        ? await readFile(env.GITHUB_EVENT_PATH, 'utf8')
            .then(text => JSON.parse(text))
            .catch(() => null)
        : null;
    const fork = forkOf(eventName, payload, env.GITHUB_REPOSITORY ?? '');
    return {
        refusal: (access, said) => new StoreError(originRefusal({ remote, access, said, fork }))
    };
}
/** The store settings every step gives, parsed (a bad value is an input error, nothing read). */
function layoutOf(options) {
    return {
        archiveAfterSeconds: parseArchiveAfter(options.archiveAfter ?? ''),
        retentionDays: parseRetentionDays(options.retentionDays ?? ''),
        warn: options.warn
    };
}
/**
 * With a ledger repository the step needs no checkout; when it has one with an origin, that is
 * where effect's tags go (found from the config file, no process, in the usual layouts).
 */
async function codeCheckout(options) {
    const path = resolve(options.repositoryPath || options.env.GITHUB_WORKSPACE || process.cwd());
    // No `.git` there: no checkout, and no git process spent finding that out.
    if (!(await stat(join(path, '.git')).catch(() => null)))
        return null;
    const git = new Git(path, options.env);
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

;// CONCATENATED MODULE: ./src/core/refusal.ts
/**
 * What to say when the origin refuses this job its refs: the cause git's own line does not
 * name, and the fix for it. Three causes are told apart, because their fixes differ: no
 * credentials at all (a checkout that did not persist its token), a fork's pull request (whose
 * token is read-only whatever the workflow asks), and a token without the permission.
 */
/** The pull request events whose run, for a fork's pull request, gets a read-only token. */
const PULL_REQUEST_EVENTS = (/* unused pure expression or super */ null && (['pull_request', 'pull_request_review', 'pull_request_review_comment']));
/**
 * The fork (`owner/name`) a pull request event comes from, or null when the run is not a
 * fork's pull request (pull_request_target runs in the base repository with its token).
 */
function refusal_forkOf(eventName, payload, repository) {
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
function refusal_originRefusal(options) {
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

;// CONCATENATED MODULE: ./src/core/ledgerRepositoryName.ts
/**
 * A ledger repository's name as GitHub allows it, `owner/name` (an owner of up to 39 letters,
 * digits and hyphens; a name of up to 100 letters, digits, `.`, `_` and `-`): the one pattern
 * the `ledger-repository` input and the command line's `--ledger-repository` both check.
 */
const LEDGER_REPOSITORY_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

;// CONCATENATED MODULE: ./src/store/cacheNames.ts
/**
 * Names of files in a cache repository that other code (the benchmarks, the tests) must find.
 * This module imports nothing, so a script run by Node's type stripping can import it directly.
 */
/** The memo of a warm status, kept inside the cache repository it describes (docs/cli.md). */
const MEMO_FILE = 'dispatch-ledger-memo.json';

;// CONCATENATED MODULE: ./src/store/memo.ts
/**
 * The command line's memo (docs/cli.md#what-a-warm-status-reuses): what status derived from
 * the snapshot's objects, kept in one file of the cache repository between processes. Every
 * key holds the git ids of the bytes its value was derived from, so a value is never stale; the
 * file only saves deriving it again. It is trusted only as the operator's own file: written
 * with mode 0600, read only when this user owns it and nobody else may write it, and only by
 * the build that wrote it (`fingerprint`). Anything else, or a file that does not parse, is
 * ignored: the memo starts empty and status reads everything, as the first time.
 */



/** The file's own format; a change of it or of the build starts the memo afresh. */
const FORMAT = 'dispatch-ledger/memo/v1';
/** Saves after which an entry nobody asked for is dropped (a run removed, a chain moved on). */
const KEEP_SAVES = 8;
class MemoFile {
    path;
    fingerprint;
    entries;
    save;
    added = 0;
    constructor(path, fingerprint, stored) {
        this.path = path;
        this.fingerprint = fingerprint;
        this.entries = new Map(Object.entries(stored?.entries ?? {}).filter(([, entry]) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'number'));
        this.save = (stored?.save ?? 0) + 1;
    }
    /** The memo at path, if it is this user's own and this build's; else an empty one. */
    static open(path, fingerprint) {
        return new MemoFile(path, fingerprint, readOwn(path, fingerprint));
    }
    get(key) {
        const entry = this.entries.get(key);
        if (!entry)
            return undefined;
        entry[0] = this.save;
        return entry[1];
    }
    set(key, value) {
        this.entries.set(key, [this.save, value]);
        this.added++;
    }
    /**
     * Writes the memo when this process added to it (an unchanged ledger costs no write), without
     * the entries no save has asked for in a while; atomically, so a reader sees a whole file.
     */
    persist() {
        if (this.added === 0)
            return;
        const entries = {};
        for (const [key, entry] of this.entries)
            if (entry[0] > this.save - KEEP_SAVES)
                entries[key] = entry;
        const stored = {
            format: FORMAT,
            fingerprint: this.fingerprint,
            save: this.save,
            entries
        };
        const temporary = (0,external_node_path_.join)((0,external_node_path_.dirname)(this.path), `.memo-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
        (0,external_node_fs_.writeFileSync)(temporary, JSON.stringify(stored), { mode: 0o600, flag: 'wx' });
        (0,external_node_fs_.renameSync)(temporary, this.path);
        this.added = 0;
    }
}
function readOwn(path, fingerprint) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(path, 'r');
    }
    catch {
        return null;
    }
    try {
        const info = (0,external_node_fs_.fstatSync)(fd);
        // Another user's file, or one others may write, could say anything: never believed.
        const own = typeof process.getuid !== 'function' || info.uid === process.getuid();
        if (!own || (info.mode & 0o022) !== 0 || !info.isFile())
            return null;
        const stored = JSON.parse((0,external_node_fs_.readFileSync)(fd, 'utf8'));
        if (stored?.format !== FORMAT ||
            stored.fingerprint !== fingerprint ||
            typeof stored.save !== 'number' ||
            typeof stored.entries !== 'object' ||
            stored.entries === null)
            return null;
        return stored;
    }
    catch {
        return null;
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}

;// CONCATENATED MODULE: ./src/store/readOnlyStore.ts
/**
 * A store that reads and never writes (the command line, docs/cli.md): every read goes to the
 * store it wraps, every write is refused before anything reaches the arbiter, and it has no
 * `archiveIdle`, so a scan through it archives nothing.
 */

class ReadOnlyStore {
    inner;
    prefetch;
    inventory;
    /** The snapshot's memo (memo.ts), when the caller keeps one: only reads ever add to it. */
    memo;
    constructor(inner, options = {}) {
        this.inner = inner;
        this.prefetch = inner.prefetch?.bind(inner);
        this.inventory = inner.inventory?.bind(inner);
        if (options.memo)
            this.memo = options.memo;
    }
    get name() {
        return this.inner.name;
    }
    read = fn => this.inner.read(fn);
    listRefs = (prefix, options) => this.inner.listRefs(prefix, options);
    writeEntries() {
        return Promise.reject(refusal('write entries'));
    }
    createRefs() {
        return Promise.reject(refusal('create refs'));
    }
    advanceRef() {
        return Promise.reject(refusal('move a ref'));
    }
}
function refusal(what) {
    return new errors_StoreError(`This store is read-only (the dispatch-ledger command line only reads), so it did not ${what}; ` +
        'nothing was written. Write through the actions in a workflow.');
}

;// CONCATENATED MODULE: ./src/store/snapshotStore.ts
/**
 * The command line's store (docs/cli.md): the arbiter's namespace brought with ONE fetch into
 * a cache repository of its own (the ledger repository's, keyed by the arbiter's URL), so the
 * user's refs are never written, then read with the same layout code the actions use. It is
 * read-only: every write is refused before it reaches the arbiter.
 */














async function openSnapshotStore(options) {
    const namespace = validateNamespace(options.namespace);
    const arbiter = await findArbiter(options);
    // The user's own cache: another user's, a link or a writable-by-others one is refused here.
    const cache = await cacheRepository_openCache({
        location: userCacheLocation(options.env),
        url: arbiter.url,
        env: arbiter.env,
        remakeIfLocked: false
    });
    const refs = await fetchedInto(cache, arbiter, namespace);
    const memo = options.memo
        ? MemoFile.open((0,external_node_path_.join)(cache.dir, MEMO_FILE), options.memo.fingerprint)
        : null;
    return new ReadOnlyStore(new IndexedStore(refs), memo ? { memo } : {});
}
/**
 * The whole namespace in one fetch: every later read of this process is covered by it. Two
 * commands of one user may share the cache at once, so a lock there may be live and is not
 * looked for first; but one git could not take even after waiting for it (a killed git's) makes
 * the cache again, and the fetch is made once more in the fresh copy. Nothing was read before
 * it, so nothing this process knows is lost with the old copy.
 */
async function fetchedInto(cache, arbiter, namespace) {
    const fetch = async () => {
        const refs = new physical_RemoteRefs(new git_Git(cache.dir, cache.env), arbiter.name, {
            remote: arbiter.url,
            snapshot: true,
            refusal: (access, said) => new errors_StoreError(refusedRead(arbiter, access, said))
        });
        await refs.bring([`${namespace}/`], { shallow: false, refresh: true });
        return refs;
    };
    try {
        return await fetch();
    }
    catch (error) {
        if (!(await hasLock(cache.dir)))
            throw error;
        await remakeCache(cache);
        return fetch();
    }
}
/**
 * Why the arbiter refused, told apart as their fixes differ: no credentials at all, or
 * credentials it does not take (a wrong or expired token, or one that may not read it: GitHub
 * answers 404 for a repository a token cannot see, as for one that does not exist).
 */
function refusedRead(arbiter, access, said) {
    if (isMissingCredentials(said) && !arbiter.token)
        return (`${arbiter.name} asked for credentials and none were given (${said}). Set GH_TOKEN to a ` +
            `token that may read it (\`gh auth token\` prints yours) for --ledger-repository, or give ` +
            'git a credential helper for the remote.');
    return (`${arbiter.name} refused the credentials given (${said}): the token ` +
        `${arbiter.token ? `in ${arbiter.token}` : 'of your git credential helper'} is wrong, ` +
        `expired, or may not ${access} it (GitHub answers 404 for a repository a token cannot see, ` +
        'as for one that does not exist: check the name too). Give a token with contents: read on it.');
}
async function findArbiter(options) {
    const { env } = options;
    if (options.ledgerRepository) {
        const repository = options.ledgerRepository;
        if (!LEDGER_REPOSITORY_NAME.test(repository))
            throw new errors_InvalidInput(`--ledger-repository ${JSON.stringify(repository)} is not owner/name. Give it as ` +
                'owner/name, for example octo-org/dispatch-ledger-state.');
        const url = ledgerUrl(options.serverUrl || env.GITHUB_SERVER_URL, repository);
        const token = env.GH_TOKEN || env.GITHUB_TOKEN || '';
        const from = env.GH_TOKEN ? 'GH_TOKEN' : env.GITHUB_TOKEN ? 'GITHUB_TOKEN' : undefined;
        // The token reaches git only through its environment, never argv or a config file.
        return {
            url,
            name: repository,
            env: token ? credentialEnv(env, url, token) : env,
            ...(from ? { token: from } : {})
        };
    }
    const remote = options.remote;
    const path = (0,external_node_path_.resolve)(options.repositoryPath);
    if (isUrl(remote))
        return { url: remote, name: redact(remote), env };
    if (isPath(remote))
        return { url: (0,external_node_path_.resolve)(path, remote), name: remote, env };
    if (!(await (0,promises_namespaceObject.stat)(path).catch(() => null))?.isDirectory())
        throw new errors_InvalidInput(`--repository ${path} is not a directory. Give the path of a clone, or --remote with the ` +
            "arbiter's URL.");
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(remote))
        throw new errors_InvalidInput(`--remote ${JSON.stringify(remote)} is not a remote name, a URL or a path.`);
    const clone = await new git_Git(path, env).run(['rev-parse', '--git-dir']);
    if (clone.code !== 0)
        throw new errors_InvalidInput(`${path} is not a git clone (${firstWords(clone.stderr)}). Run dispatch-ledger inside a ` +
            'clone of the repository, or give --repository PATH, --remote URL or --ledger-repository owner/name.');
    const got = await new git_Git(path, env).run(['remote', 'get-url', remote]);
    if (got.code !== 0)
        throw new errors_InvalidInput(`The repository at ${path} has no remote named ${remote} (${firstWords(got.stderr)}). ` +
            'Run it inside a clone, or give --repository PATH, --remote URL or --ledger-repository owner/name.');
    const url = got.stdout.trim();
    // A relative path in the clone's config is relative to the clone, not to the cache.
    return { url: isUrl(url) ? url : (0,external_node_path_.resolve)(path, url), name: remote, env };
}
/** `https://…`, `file://…`, `ssh://…`, or git's `user@host:path`. */
function isUrl(text) {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[^/\\:]+@[^/\\:]+:/.test(text);
}
function isPath(text) {
    return text.startsWith('/') || text.startsWith('.') || text.includes('/');
}
function firstWords(stderr) {
    return causeLine(stderr) ?? 'git said nothing';
}

;// CONCATENATED MODULE: ./src/core/generation.ts


const REUSE_POLICIES = (/* unused pure expression or super */ null && (['after-terminal', 'after-cancelled', 'never']));
/** Generation 1 is the plain admission ref; generation N ≥ 2 is its sibling `<ref>.g<N>`. */
function generationRef(admissionRef, generation) {
    if (!Number.isSafeInteger(generation) || generation < 1)
        throw new RangeError(`generation must be an integer ≥ 1, not ${generation}`);
    return generation === 1 ? admissionRef : `${admissionRef}.g${generation}`;
}
/** The generation a listed ref names, or null when it is not one of ours. */
function generationOf(admissionRef, ref) {
    if (ref === admissionRef)
        return 1;
    if (!ref.startsWith(`${admissionRef}.g`))
        return null;
    const digits = ref.slice(admissionRef.length + 2);
    // Written only as a decimal without leading zeros, so one generation has one name.
    if (!/^[1-9][0-9]{0,8}$/.test(digits))
        return null;
    const generation = Number(digits);
    return generation >= 2 ? generation : null;
}
/**
 * Orders one listing of the admission ref's prefix into generations 1..N (index + 1). A name
 * we never write, or a gap (`.g2` missing while `.g3` exists), fails closed naming the ref:
 * a gap means history was removed, and a generation cannot be trusted without its predecessor.
 */
function orderGenerations(admissionRef, refs) {
    const byGeneration = new Map();
    for (const ref of refs) {
        const generation = generationOf(admissionRef, ref);
        if (generation === null)
            throw new errors_CorruptEntry(ref, `it is not a generation of ${admissionRef} (expected .g<N>)`);
        byGeneration.set(generation, ref);
    }
    const ordered = [];
    for (const generation of [...byGeneration.keys()].sort((a, b) => a - b)) {
        const expected = ordered.length + 1;
        if (generation !== expected)
            throw new errors_CorruptEntry(byGeneration.get(generation), `generation ${generation} exists but generation ${expected} ` +
                `(${generationRef(admissionRef, expected)}) is missing`);
        ordered.push(byGeneration.get(generation));
    }
    return ordered;
}
/**
 * Checks each generation's admission against its place: its generation number, the run before
 * it, and a run id no earlier generation used (two generations never share a ledger).
 */
function verifyGenerations(entries) {
    const seen = new Set();
    entries.forEach(({ ref, admission }, index) => {
        const generation = index + 1;
        if (admission.generation !== generation)
            throw new errors_CorruptEntry(ref, `it says generation ${admission.generation} but is stored as generation ${generation}`);
        const previous = index === 0 ? null : (entries[index - 1]?.admission.run_id ?? null);
        if (admission.previous_run_id !== previous)
            throw new errors_CorruptEntry(ref, `its previous_run_id is ${JSON.stringify(admission.previous_run_id)}, but the run ` +
                `before it is ${JSON.stringify(previous)}`);
        if (seen.has(admission.run_id))
            throw new errors_CorruptEntry(ref, `its run ${admission.run_id} belongs to an earlier generation`);
        seen.add(admission.run_id);
    });
}
/**
 * The rule of docs/design/generations.md: an event that happened strictly after the newest generation's terminal
 * record is a new request (when reuse allows it); one that happened before, at the same second,
 * or at no known time is a duplicate of that generation. Record times are whole seconds cut
 * down, so "strictly later" never counts an event from the run's last second as new.
 */
function generation_decideGeneration(input) {
    const { newest, reuse, occurred_at } = input;
    const duplicate = (reason) => ({
        kind: 'duplicate',
        generation: newest.generation,
        reason
    });
    if (newest.state === null || !isTerminal(newest.state) || newest.last_occurred_at === null)
        return duplicate('not_terminal');
    if (reuse === 'never')
        return duplicate('reuse_never');
    if (reuse === 'after-cancelled' && newest.state !== 'cancelled')
        return duplicate('not_cancelled');
    if (occurred_at === null)
        return duplicate('no_occurrence_time');
    if (!(Date.parse(occurred_at) > Date.parse(newest.last_occurred_at)))
        return duplicate('not_after_end');
    return { kind: 'create', generation: newest.generation + 1 };
}
/**
 * The part of the rule that needs no ledger: with reuse never, without an occurrence time, or
 * for an event no later than the newest generation's admission (hence no later than its end),
 * the arrival is a duplicate whatever the ledger says, so the ledger is not read (on a remote,
 * not fetched). null: the newest generation's ledger decides (decideGeneration).
 */
function generation_decideWithoutLedger(input) {
    const duplicate = (reason) => ({
        kind: 'duplicate',
        generation: input.generation,
        reason
    });
    if (input.reuse === 'never')
        return duplicate('reuse_never');
    if (input.occurred_at === null)
        return duplicate('no_occurrence_time');
    if (!(Date.parse(input.occurred_at) > Date.parse(input.admitted_at)))
        return duplicate('not_after_end');
    return null;
}
function generation_runIdForGeneration(runId, generation, scheme) {
    return scheme === 'as_given' || generation === 1 ? runId : `${runId}-g${generation}`;
}

;// CONCATENATED MODULE: ./src/core/planRecovery.ts
/**
 * docs/design/states.md#the-recovery-plan: the one next action that is safe for a recovered run. Pure: a function of the
 * RecoveredRunState alone. The plan grants nothing; `authority_required` names the gate
 * that must independently allow the step.
 */



const RECOVERY_ACTIONS = [
    'none',
    'reconcile_provider',
    'observe_provider',
    'preview',
    'admit',
    'dispatch',
    'retry_attempt',
    'await_operator',
    'normalize',
    'request_verification',
    'observe_verification',
    'retry_verification',
    'request_human_decision',
    'await_human_decision'
];
const RecoveryActionSchema = schemas_enum(RECOVERY_ACTIONS);
const AUTHORITY_GATES = ['dispatch', 'verification', 'human_decision'];
const AuthorityGateSchema = schemas_enum(AUTHORITY_GATES);
const RecoveryPlanSchema = strictObject({
    action: RecoveryActionSchema,
    reason: schemas_string().check(_minLength(1)),
    blind_resubmission_forbidden: schemas_boolean(),
    authority_required: nullable(AuthorityGateSchema)
});
function ids(attempt) {
    const entries = Object.entries(attempt.external_ids);
    if (entries.length === 0)
        return '';
    return ` (${entries.map(([name, value]) => `${name} ${value}`).join(', ')})`;
}
function failureText(state) {
    return state.last_failure ? ` with ${state.last_failure.code}` : '';
}
/**
 * How an operator goes on from a failure that is not retryable (docs/design/operators.md):
 * what to fix for the refusals whose cause is known, then the comment verbs, with this run's
 * id (`/ledger` is the operate step's default prefix).
 */
function wayOn(state) {
    const code = state.last_failure?.code;
    const fix = code === 'http_403'
        ? 'grant `actions: write` to the workflow (`permissions: actions: write`, or a token that has it)'
        : code === 'http_404'
            ? 'fix the workflow input (a file in .github/workflows that the token can see)'
            : code === 'http_401'
                ? 'fix the token input'
                : code === 'http_422'
                    ? 'fix the workflow, ref or inputs (every input declared, a workflow_dispatch trigger)'
                    : 'fix what refused it';
    return (`${fix}, then comment \`/ledger retry ${state.run_id}\` to start a new attempt; ` +
        `or comment \`/ledger cancel ${state.run_id}\` to end the run.`);
}
const RECONCILE_TAIL = 'look the work up at the provider by its dispatch key and adopt what it has, and submit ' +
    'only if the provider demonstrably has nothing; a provider that cannot be looked up by ' +
    'key must be reported ambiguous and left to an operator';
/**
 * docs/design/states.md#the-recovery-plan, rules in the table's order. Never converts an unknown outcome into "not sent".
 */
function planRecovery(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt) ?? null;
    const ambiguous = state.attempts.find(a => a.unresolved_ambiguous) ?? null;
    // Work may be (or is) at the provider unless the newest attempt definitely failed; then
    // any submission that is not the outcome of a provider lookup would be a blind duplicate.
    const inFlight = ambiguous !== null || (current !== null && !current.failed);
    const plan = (action, reason, authority_required = null) => ({
        action,
        reason,
        blind_resubmission_forbidden: action === 'reconcile_provider' || action === 'observe_provider' || inFlight,
        authority_required
    });
    return (terminalPlan(state, plan) ??
        providerPlan(state, current, ambiguous, plan) ??
        statePlan(state, current, plan));
}
/** Rule 1: a terminal run (or one whose admission was blocked) has nothing left to do. */
function terminalPlan(state, plan) {
    if (!(state.terminal || states_isTerminal(state.state)))
        return null;
    switch (state.state) {
        case 'decided':
            return plan('none', state.decision
                ? `The run is finished: ${state.decision.by} ${state.decision.outcome} it. Nothing is left to do.`
                : 'The run is finished: a human decision was recorded. Nothing is left to do.');
        case 'admission_blocked':
            return plan('none', 'Admission was blocked for this run, so nothing was or will be dispatched for it; a new request needs a new dispatch key.');
        default:
            return plan('none', 'The run was cancelled; nothing is left to do, and nothing may be dispatched for it again.');
    }
}
/**
 * Rules 2-4: work that may be (or is) at the provider. An unresolved ambiguous submission, or a
 * dispatch with no recorded acceptance, is reconciled by lookup; an accepted one is observed.
 */
function providerPlan(state, current, ambiguous, plan) {
    if (ambiguous !== null) {
        return plan('reconcile_provider', `The provider call of attempt ${ambiguous.number} ended with an unknown outcome, so the work may exist at the provider; ${RECONCILE_TAIL}. Record what the lookup found: dispatched with submitted and the external ids, or attempt_failed if the provider has nothing.`, 'dispatch');
    }
    if (state.state !== 'dispatched')
        return null;
    const number = current?.number ?? state.current_attempt ?? '?';
    if (current?.submission_state === 'submitted') {
        return plan('observe_provider', `The provider accepted attempt ${number}${ids(current)}; keep observing it by the recorded external ids (or its dispatch key) and never submit it again.`);
    }
    const why = current?.submission_state == null
        ? `Attempt ${number} was dispatched but no provider submission was recorded, so the provider call may have gone out before the coordinator stopped`
        : `The provider call of attempt ${number} may have gone out before the coordinator stopped (the ledger holds only the intent, ${current.submission_state})`;
    return plan('reconcile_provider', `${why}; ${RECONCILE_TAIL}.`, 'dispatch');
}
/** The remaining rules, one per state: the next step of the protocol and the gate it needs. */
function statePlan(state, current, plan) {
    switch (state.state) {
        case 'proposed':
            return plan('preview', 'The run is proposed but not previewed; produce the preview and record it as previewed before anything is admitted.');
        case 'previewed':
            return plan('admit', 'The run has been previewed; admit it (or record admission_blocked) before anything is dispatched.');
        case 'admitted':
            return plan('dispatch', 'The run is admitted and nothing has been sent to the provider; if the dispatch gate allows it, record the intent (dispatched, not_submitted) first, then call the provider and record what it answered.', 'dispatch');
        case 'attempt_failed': {
            const number = current?.number ?? state.current_attempt ?? 0;
            const retryable = current?.retryable ?? state.last_failure?.retryable ?? false;
            if (retryable) {
                return plan('retry_attempt', `Attempt ${number} definitely failed${failureText(state)} and the failure is retryable; if the dispatch gate allows it, start attempt ${number + 1}, recording the intent before calling the provider.`, 'dispatch');
            }
            return plan('await_operator', `Attempt ${number} failed${failureText(state)} and the failure is not retryable; an operator must decide: ${wayOn(state)}`);
        }
        case 'candidate_observed':
            return plan('normalize', 'The provider produced a candidate; normalize it into the form verification expects and record normalized.');
        case 'normalized':
            return plan('request_verification', 'The candidate is normalized; request verification if the verification gate allows it.', 'verification');
        case 'verification_requested':
            return plan('observe_verification', 'Verification was requested; wait for its result and record evidence_ready or verification_error. Do not request it again while it runs.');
        case 'verification_error':
            return plan('retry_verification', `Verification ended in an error${failureText(state)}; request it again if the verification gate allows it, or cancel the run.`, 'verification');
        case 'evidence_ready':
            return plan('request_human_decision', 'The evidence is ready; ask a human for a decision and record awaiting_human_decision.');
        case 'awaiting_human_decision':
            return plan('await_human_decision', 'A human decision was requested; wait for it. Only a person the human_decision gate allows may record decided.', 'human_decision');
    }
    // Unreachable for a state reconstruct produced; fail safe rather than guess.
    return plan('await_operator', `The run is in state ${String(state.state)}, which no recovery rule covers; an operator must inspect the ledger.`);
}

;// CONCATENATED MODULE: ./src/core/chain/definition.ts
/**
 * The one chain entity (docs/design/states.md#reconstructing, docs/design/effects.md#operations):
 * a run's ledger (`dispatch-ledger/record/v1`) and an effect's operation
 * (`dispatch-ledger/operation/v1`) are two instances of one definition — an append-only chain of
 * entry commits under a ref, each record naming its sequence and the digest of the one before,
 * verified on every read and folded into a state. Pure: no I/O.
 */


/**
 * The one retry budget of every chain write: how many times in all one write is tried. A lost
 * compare-and-set re-reads the chain and the writer decides again from what won (never re-sends
 * the same record blindly); an unanswered push the arbiter shows absent is pushed again. Past
 * the budget the step fails and a later step re-plans.
 */
const definition_WRITE_TRIES = 3;
/**
 * The link rule every chain obeys: sequences contiguous from 1, and each record's previous
 * digest is the digest of the record before it (null for the first).
 */
function linkProblem(definition, previous, previousDigest, next) {
    const { sequence: seqField, previousDigest: digestField } = definition.fields;
    const before = previous === null ? null : definition.sequence(previous);
    const expected = before === null ? 1 : before + 1;
    const actual = definition.sequence(next);
    if (actual !== expected)
        return {
            what: before === null
                ? `the first record must have ${seqField} 1, not ${String(actual)}`
                : `the record after sequence ${before} must have ${seqField} ${expected}, not ${String(actual)}`
        };
    const linked = definition.previousDigest(next);
    if (before === null)
        return linked === null
            ? null
            : {
                what: `record 1 must have ${digestField} null, not ${String(linked)}`,
                fix: `a first record has no predecessor; set ${digestField} to null`
            };
    if (linked !== previousDigest)
        return {
            what: `${digestField} is ${String(linked)}, but the digest of record ${before} is ${String(previousDigest)}`
        };
    return null;
}
/**
 * Verify `records` (oldest first, the whole chain) and fold them. Throws BrokenChain naming the
 * first sequence that does not verify; an empty list is broken at sequence 1. No record is ever
 * skipped. Linear: each record is checked once and digested once.
 */
function foldChain(definition, records, options = {}) {
    if (records.length === 0)
        throw new BrokenChain(1, `record 1 is missing: ${definition.holder} holds no records; ${definition.stored}`);
    const canonical = options.canonical;
    if (canonical !== undefined && canonical.length !== records.length)
        throw new errors_InvalidInput(`reconstruct was given ${records.length} records but ${canonical.length} canonical texts; pass one text per record or none`);
    const folder = definition.folder();
    let previous = null;
    let previousDigest = null;
    for (const [index, record] of records.entries()) {
        const position = index + 1;
        const problem = folder.problem(previous, previousDigest, record, position);
        if (problem !== null)
            throw new BrokenChain(position, `${problem}; ${definition.stored}`);
        folder.add(record);
        previous = record;
        const text = canonical?.[index];
        previousDigest = text === undefined ? canonical_digestOf(record) : `sha256:${canonical_sha256Hex(text)}`;
    }
    return folder.result(previous, previousDigest, options.headOid ?? null);
}
/**
 * What is wrong with appending `next` to the verified chain `records` (oldest first): the
 * problem a reader would find with it at its place (schema, link, legal successor), or null.
 * A writer asks before it writes, so a record its chain would not verify with is never stored.
 */
function appendProblem(definition, records, next, options = {}) {
    const folder = definition.folder();
    let previous = null;
    let previousDigest = null;
    for (const [index, record] of records.entries()) {
        folder.add(record);
        previous = record;
        const text = options.canonical?.[index];
        previousDigest = text === undefined ? canonical_digestOf(record) : `sha256:${canonical_sha256Hex(text)}`;
    }
    return folder.problem(previous, previousDigest, next, records.length + 1);
}

;// CONCATENATED MODULE: ./src/core/attempts.ts
/**
 * The attempt a record in `next` appended after `head` is about, or null when the state machine
 * puts no constraint on it (or the transition is illegal):
 * - the first `dispatched` after `admitted` starts attempt 1 (`initial`);
 * - a `dispatched` after `dispatched` is a submission update of the same attempt;
 * - a `dispatched` after `attempt_failed` starts the next attempt (`retry`);
 * - an `attempt_failed` fails the attempt the head is about (after `dispatched`, or an
 *   operator's answer after `attempt_failed`).
 */
function attempts_nextAttempt(head, next) {
    if (head === null)
        return null;
    const current = head.attempt;
    if (next === 'dispatched') {
        if (head.state === 'admitted')
            return { number: 1, reason: 'initial' };
        if (head.state === 'dispatched')
            return current;
        if (head.state === 'attempt_failed')
            return current === null ? null : { number: current.number + 1, reason: 'retry' };
        return null;
    }
    if (next === 'attempt_failed' && (head.state === 'dispatched' || head.state === 'attempt_failed'))
        return current;
    return null;
}

;// CONCATENATED MODULE: ./src/core/transition.ts
/**
 * docs/design/states.md: the one definition of what may be appended after what. Pure: no I/O.
 *
 * `checkAppend` is what a writer calls before a compare-and-set append; `reconstruct`
 * folds a stored chain through the same `findAppendProblem`, so an append the writer
 * accepts is exactly a link the reader verifies.
 */






const KNOWN_STATES = new Set(states_STATES);
const INITIAL = new Set(INITIAL_STATES);
/** The states that may legally follow `from` (docs/design/states.md, `cancelled` included). */
function legalSuccessors(from) {
    if (states_isTerminal(from))
        return [];
    const next = [...SUCCESSORS[from]];
    if (!next.includes('cancelled'))
        next.push('cancelled');
    return next;
}
/**
 * The attempt number a record in `nextState` appended after `previous` must carry, or null
 * when the state machine puts no constraint on it (the rule lives in attempts.ts).
 */
function requiredAttemptNumber(previous, nextState) {
    return attempts_nextAttempt(previous, nextState)?.number ?? null;
}
function transition_describe(record) {
    return `record ${record.ledger_sequence} (${record.state})`;
}
const REBUILD = 're-read the ledger head and build the record on top of it';
/** Builds the problems of one link: `chain` ones (with a default fix) and the others. */
function problems(sequence) {
    return {
        chain: (what, fix = REBUILD) => ({
            chain: true,
            sequence,
            what,
            fix
        }),
        illegal: (what, fix) => ({ chain: false, sequence, what, fix })
    };
}
/**
 * The first problem with appending `next` after `previous`, or null when the link is
 * sound. `previousDigest` must be `digestOf(previous)` (null when there is no previous);
 * it is a parameter so a fold digests every record exactly once. The checks go from the
 * chain itself, to what a record may claim, to the state machine, to the fields a state needs.
 */
function findAppendProblem(previous, previousDigest, next) {
    const p = problems(previous === null ? 1 : previous.ledger_sequence + 1);
    return (chainProblem(p, previous, previousDigest, next) ??
        authorityProblem(p, next) ??
        stateMachineProblem(p, previous, next) ??
        requiredFieldsProblem(p, previous, next));
}
/** The chain itself: sequence, previous digest, one run id, key and request digest. */
function chainProblem({ chain }, previous, previousDigest, next) {
    const link = linkProblem(record_RUN_ENTRY, previous, previousDigest, next);
    if (link !== null)
        return chain(link.what, link.fix);
    if (previous === null)
        return null;
    if (next.run_id !== previous.run_id) {
        return chain(`run_id ${JSON.stringify(next.run_id)} differs from the ledger's run_id ${JSON.stringify(previous.run_id)}`, 'a ledger holds one run; append to the ledger of the run the record is about');
    }
    if (next.idempotency?.dispatch_key !== previous.idempotency.dispatch_key) {
        return chain(`idempotency.dispatch_key ${JSON.stringify(next.idempotency?.dispatch_key)} differs from the ledger's ${JSON.stringify(previous.idempotency.dispatch_key)}`, 'every record of a run carries the dispatch key the run was admitted under');
    }
    if (next.idempotency.request_digest !== previous.idempotency.request_digest) {
        return chain(`idempotency.request_digest ${String(next.idempotency.request_digest)} differs from the ledger's ${previous.idempotency.request_digest}`, 'every record of a run carries the request digest the run was admitted with');
    }
    return null;
}
/** What a record may claim: no authority, ever. */
function authorityProblem({ illegal }, next) {
    const authority = (next.authority ?? {});
    const granted = Object.keys(authority).filter(flag => authority[flag] !== false);
    if (next.authority != null && granted.length === 0)
        return null;
    return illegal(next.authority == null
        ? `${transition_describe(next)} has no authority block`
        : `${transition_describe(next)} sets authority.${granted.join(', authority.')} to something other than false`, 'a record is evidence, never a grant: every authority flag must be false');
}
/** The state machine: a known state, a legal start, a legal successor of a live state. */
function stateMachineProblem({ illegal }, previous, next) {
    if (!KNOWN_STATES.has(next.state)) {
        return illegal(`${JSON.stringify(next.state)} is not a ledger state`, `use one of ${states_STATES.join(', ')}`);
    }
    if (previous === null) {
        if (INITIAL.has(next.state))
            return null;
        return illegal(`a ledger must start with admitted or proposed, not ${next.state}`, 'write the admitted (or proposed) record first, through admission');
    }
    if (states_isTerminal(previous.state)) {
        return illegal(`${transition_describe(previous)} is terminal, so nothing may follow it (not even ${next.state})`, 'the run is over; a new request needs a new dispatch key and a new run');
    }
    if (!isLegalTransition(previous.state, next.state)) {
        return illegal(`${previous.state} cannot be followed by ${next.state}`, `from ${previous.state} the ledger may only move to ${legalSuccessors(previous.state).join(' or ')}`);
    }
    return null;
}
/** The fields a state requires: attempts, failures, settled submissions, decisions. */
function requiredFieldsProblem(p, previous, next) {
    if (next.state === 'dispatched')
        return dispatchedProblem(p, previous, next);
    if (next.state === 'attempt_failed')
        return attemptFailedProblem(p, previous, next);
    if (next.state === 'candidate_observed' &&
        previous?.state === 'dispatched' &&
        previous.provider?.submission_state === 'ambiguous') {
        return p.illegal(`attempt ${String(previous.attempt?.number)}'s submission is still ambiguous`, 'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found');
    }
    if (next.state === 'decided' && next.decision == null) {
        return p.illegal(`${transition_describe(next)} carries no decision`, 'a decided record must carry decision {outcome, by}');
    }
    if (previous !== null &&
        isPolicyOnly(previous.state, next.state) &&
        !next.decision?.by.startsWith(states_POLICY_PREFIX)) {
        return p.illegal(`${previous.state} → ${next.state} is taken only by a policy, but ${transition_describe(next)} is decided by ${JSON.stringify(next.decision?.by)}`, `record the observation's policy (decision.by starting with ${states_POLICY_PREFIX}), or go on through ${otherSuccessors(previous.state)}`);
    }
    return null;
}
/** The way on from a state other than its policy-only transitions, for a message. */
function otherSuccessors(from) {
    return legalSuccessors(from)
        .filter(to => !isPolicyOnly(from, to))
        .join(' or ');
}
function dispatchedProblem({ illegal }, previous, next) {
    if (next.attempt == null) {
        return illegal(`${transition_describe(next)} carries no attempt`, 'a dispatched record must say which attempt it is about ({number, reason})');
    }
    const required = requiredAttemptNumber(previous, 'dispatched');
    if (required === null) {
        return illegal(`${transition_describe(previous)} carries no attempt number to continue from`, 'repair the previous record; a dispatched or attempt_failed record must carry its attempt');
    }
    if (next.attempt.number !== required) {
        const why = previous?.state === 'dispatched'
            ? `a dispatched record after dispatched is a submission update for the same attempt, ${required}`
            : previous?.state === 'attempt_failed'
                ? `a dispatched record after attempt ${required - 1} failed starts attempt ${required}`
                : 'the first dispatched record after admitted is attempt 1';
        return illegal(`${transition_describe(next)} carries attempt ${next.attempt.number}, but ${why}`, `set attempt.number to ${required}`);
    }
    if (next.provider?.submission_state === 'definite_failure') {
        return illegal(`${transition_describe(next)} records submission_state definite_failure`, 'a definite provider refusal is recorded as attempt_failed with failure.retryable, not as dispatched');
    }
    return null;
}
function attemptFailedProblem({ illegal }, previous, next) {
    const required = requiredAttemptNumber(previous, 'attempt_failed');
    if (next.attempt == null || next.attempt.number !== required) {
        return illegal(next.attempt == null
            ? `${transition_describe(next)} carries no attempt`
            : `${transition_describe(next)} carries attempt ${next.attempt.number}, but the attempt in flight is ${String(required)}`, `an attempt_failed record must carry the number of the attempt it fails (${String(required)})`);
    }
    if (next.failure == null) {
        return illegal(`${transition_describe(next)} carries no failure`, 'say why the attempt failed: failure {code, classification, retryable}');
    }
    // Only a person may reopen or restate a failure already recorded (docs/design/operators.md retry/resolve).
    if (previous?.state === 'attempt_failed' && (next.trigger !== 'operator' || !next.decision)) {
        return illegal(`${transition_describe(next)} follows attempt_failed but is not an operator's decision (trigger ${next.trigger}${next.decision ? '' : ', no decision'})`, 'an attempt_failed after attempt_failed is an operator override: trigger operator with decision {outcome, by}; a coordinator starts the next attempt with dispatched instead');
    }
    if (next.provider?.submission_state === 'ambiguous') {
        return illegal(`${transition_describe(next)} records submission_state ambiguous`, 'an unknown outcome is not a failure: record it as dispatched with submission_state ambiguous and reconcile with the provider by the dispatch key');
    }
    return null;
}
/**
 * Throw unless `next` may be appended after `previous` (null: `next` would be record 1).
 * Chain problems (sequence, previous digest, run id, dispatch key, request digest) throw
 * `BrokenChain`; everything else throws `IllegalTransition`. Nothing is written either way.
 */
function checkAppend(previous, next, previousDigest = previous === null ? null : canonical_digestOf(previous)) {
    const problem = findAppendProblem(previous, previousDigest, next);
    if (problem === null)
        return;
    if (problem.chain)
        throw new BrokenChain(problem.sequence, `${problem.what}; ${problem.fix}`);
    throw new IllegalTransition(`Cannot append ledger record ${problem.sequence}: ${problem.what}. Nothing was written; ${problem.fix}.`);
}

;// CONCATENATED MODULE: ./src/core/reconstruct.ts
/**
 * docs/design/states.md "Reconstruct": fold a run's whole chain into a RecoveredRunState, verifying
 * every link with the same rules a writer's append obeys. Pure: no I/O. Linear: each
 * record is validated once and digested once.
 */






const STORED = 'the stored ledger does not verify (it was altered or written without these checks); ' +
    "inspect the run's ledger ref and repair it by hand. Nothing was planned from it";
function firstIssue(error) {
    const issue = error.issues[0];
    if (issue === undefined)
        return 'it is invalid';
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the record';
    return `${where} ${issue.message}`;
}
function applyProvider(attempt, provider) {
    if (provider === null)
        return;
    attempt.submission_state = provider.submission_state;
    attempt.driver = provider.driver;
    const ids = Object.keys(provider.external_ids);
    if (ids.length > 0)
        attempt.external_ids = { ...attempt.external_ids, ...provider.external_ids };
}
/** What is wrong with `record` as the successor of `previous` (schema, link, transition), or null. */
function linkProblemOf(previous, previousDigest, record, position) {
    const parsed = RecordSchema.safeParse(record);
    if (!parsed.success) {
        const authority = record?.authority;
        const granted = authority && typeof authority === 'object'
            ? Object.keys(authority).filter(flag => authority[flag] !== false)
            : [];
        return granted.length > 0
            ? `record ${position} sets authority.${granted.join(', authority.')} to something other than false (a record is evidence, never a grant)`
            : `record ${position} is not a valid record: ${firstIssue(parsed.error)}`;
    }
    return findAppendProblem(previous, previousDigest, record)?.what ?? null;
}
/**
 * Folds a `dispatched` or `attempt_failed` record into its attempt (findAppendProblem
 * guarantees both carry one) and returns the attempt's number: the run's current attempt.
 */
function foldAttempt(attempts, record) {
    const { number, reason } = record.attempt;
    let attempt = attempts.get(number);
    if (attempt === undefined) {
        attempt = {
            number,
            reason,
            submission_state: null,
            external_ids: {},
            driver: null,
            unresolved_ambiguous: false,
            failed: false,
            retryable: null
        };
        attempts.set(number, attempt);
    }
    applyProvider(attempt, record.provider);
    if (record.state === 'dispatched') {
        const submission = record.provider?.submission_state;
        if (submission === 'ambiguous')
            attempt.unresolved_ambiguous = true;
        else if (submission === 'submitted')
            attempt.unresolved_ambiguous = false;
    }
    else {
        attempt.failed = true;
        attempt.retryable = record.failure.retryable;
        attempt.unresolved_ambiguous = false;
    }
    return number;
}
/** A run's ledger: the `runs` instance of the one chain entity. */
const reconstruct_RUN_CHAIN = {
    ...record_RUN_ENTRY,
    family: 'runs',
    holder: 'the ledger',
    stored: STORED,
    commit: (record, parent) => chainCommit(record_RUN_ENTRY, record, parent),
    decode: entry_decodeRecord,
    folder: runFolder
};
function runFolder() {
    const attempts = new Map();
    let currentAttempt = null;
    let lastFailure = null;
    let decision = null;
    return {
        problem: (previous, previousDigest, record, position) => linkProblemOf(previous, previousDigest, record, position),
        add(record) {
            if (record.state === 'dispatched' || record.state === 'attempt_failed')
                currentAttempt = foldAttempt(attempts, record);
            if (record.failure !== null)
                lastFailure = record.failure;
            if (record.decision !== null)
                decision = record.decision;
        },
        result: (head, headDigest, headOid) => ({
            run_id: head.run_id,
            dispatch_key: head.idempotency.dispatch_key,
            request_digest: head.idempotency.request_digest,
            state: head.state,
            terminal: states_isTerminal(head.state),
            sequence: head.ledger_sequence,
            head_oid: headOid,
            head_digest: headDigest,
            attempts: [...attempts.values()].sort((a, b) => a.number - b.number),
            current_attempt: currentAttempt,
            last_failure: lastFailure,
            decision,
            records: head.ledger_sequence,
            updated_at: head.occurred_at
        })
    };
}
/**
 * Verify `records` (oldest first, the whole chain) and fold them into the run's state.
 * Throws `BrokenChain` naming the first sequence that does not verify; an empty list is
 * a broken chain at sequence 1. No record is ever skipped.
 */
function reconstruct(records, options = {}) {
    return foldChain(reconstruct_RUN_CHAIN, records, options);
}
/**
 * The attempt a `dispatched` record appended now must carry, or null when the run's state does
 * not allow a dispatch: attempt 1 after `admitted`, the same attempt for a submission update
 * after `dispatched`, the next number after `attempt_failed` (the rule lives in attempts.ts).
 */
function dispatchAttemptFor(state) {
    return nextAttempt(headAttempt(state), 'dispatched');
}
/** The run's head as the attempt rule sees it: its state and the attempt it is about. */
function headAttempt(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    const about = state.state === 'dispatched' || state.state === 'attempt_failed';
    return {
        state: state.state,
        attempt: about && current ? { number: current.number, reason: current.reason } : null
    };
}

;// CONCATENATED MODULE: ./src/commands/runView.ts


/** Reconstructs a chain (verifying it, so a broken one throws) and plans its next action. */
function runView_viewChain(chain) {
    const state = runView_verifiedState(chain);
    return { state, plan: planRecovery(state) };
}
/** viewChain, or null when there is no ledger. */
function viewRun(chain) {
    return chain && chain.length > 0 ? runView_viewChain(chain) : null;
}
/** Reconstructs a stored chain (verifying it), reusing the canonical texts the reader checked. */
function runView_verifiedState(chain) {
    const texts = chain.map(entry => entry.json);
    return reconstruct(chain.map(entry => entry.value), {
        headOid: chain[chain.length - 1]?.oid,
        canonical: texts.every(text => text !== undefined) ? texts : undefined
    });
}

;// CONCATENATED MODULE: ./src/commands/storedNames.ts


/** The admission at admission_ref must admit the key that names it, for a run in namespace. */
function checkAdmissionNames(namespace, admission_ref, admission) {
    if (refs_admissionRef(namespace, admission.dispatch_key) !== admission_ref)
        throw new errors_CorruptEntry(admission_ref, 'it holds a different dispatch key than its ref names');
    const expected = refs_ledgerRef(namespace, admission.run_id);
    if (admission.ledger_ref !== expected)
        throw new errors_CorruptEntry(admission_ref, `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
            `${JSON.stringify(admission.run_id)} (${expected})`);
    return admission;
}
/**
 * The chain at ledger_ref must be the ledger of the run whose id names it. Record 1 is
 * checked here; that every later record carries the same run id is part of verifying the chain
 * (reconstruct), which names the first sequence that differs.
 */
function storedNames_checkChainNames(namespace, ledger_ref, chain) {
    const first = chain[0];
    if (first === undefined || refs_ledgerRef(namespace, first.value.run_id) === ledger_ref)
        return;
    throw new errors_CorruptEntry(ledger_ref, `record 1 belongs to run ${JSON.stringify(first.value.run_id)}, whose ledger is not this ` +
        'ref (a copied chain?)', chain.length > 1 ? first.oid : undefined);
}

;// CONCATENATED MODULE: ./src/commands/generations.ts






/**
 * What lists refs inside a read session: the session's reader when it lists (the same listing
 * and reader, no process of its own), else the store.
 */
function listerOf(store, reader) {
    const listRefs = reader.listRefs;
    return listRefs ? { listRefs: (prefix, options) => listRefs(prefix, options) } : store;
}
/** The listing (one for-each-ref locally, one prefix fetch on a remote), ordered; reads nothing. */
async function listGenerations(store, options) {
    const admission_ref = refs_admissionRef(options.namespace, options.dispatch_key);
    const listed = await store.listRefs(admission_ref, { refresh: options.refresh ?? false });
    return {
        admission_ref,
        refs: orderGenerations(admission_ref, listed.map(entry => entry.ref))
    };
}
/**
 * Reads every listed generation's admission in the caller's read session and verifies them:
 * each names this key and the ledger of its own run (docs/design/writers.md), its generation number and the
 * run before it (docs/design/generations.md). Anything else fails closed naming the ref.
 */
async function readGenerationAdmissions(reader, listing, expected) {
    const generations = [];
    for (const ref of listing.refs) {
        const stored = await reader.readAdmission(ref);
        if (!stored)
            throw new errors_CorruptEntry(ref, 'it was listed but cannot be read');
        generations.push(checkedGeneration(ref, generations.length + 1, stored, expected));
    }
    verifyGenerations(generations);
    return { admission_ref: listing.admission_ref, generations };
}
/** A generation's admission as read from ref: it names this key and the ledger of its run. */
function checkedGeneration(ref, generation, stored, expected) {
    const admission = stored.value;
    if (admission.dispatch_key !== expected.dispatch_key)
        throw new errors_CorruptEntry(ref, 'it holds a different dispatch key than its ref names');
    const ledger = refs_ledgerRef(expected.namespace, admission.run_id);
    if (admission.ledger_ref !== ledger)
        throw new errors_CorruptEntry(ref, `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
            `${JSON.stringify(admission.run_id)} (${ledger})`);
    return { ref, generation, admission, oid: stored.oid };
}
/**
 * A run is writable only through its admission: the generation of its key whose admission
 * names this run id and its ledger. Read in the caller's session: generation 1 by name first
 * (most runs are generation 1; locally that costs no process, and on a remote the fetch of
 * an admission ref brings its generations along); only when it admits another run, or is
 * absent, are the key's generations listed — from `listed` when the caller lists the
 * admissions (scan: once, and only when a run needs it), else with one listing — read and
 * verified. A run that no generation
 * admits is an orphan: OrphanRun, naming its ledger and key and who holds the key, if anyone.
 */
async function generations_admissionOfRun(store, reader, run, listed) {
    const expected = { namespace: run.namespace, dispatch_key: run.dispatch_key };
    const admission_ref = refs_admissionRef(run.namespace, run.dispatch_key);
    const first = await reader.readAdmission(admission_ref);
    if (first?.value.run_id === run.run_id) {
        const entry = checkedGeneration(admission_ref, 1, first, expected);
        verifyGenerations([entry]);
        return entry;
    }
    const all = typeof listed === 'function' ? await listed() : listed;
    const listing = all
        ? {
            admission_ref,
            refs: orderGenerations(admission_ref, all.filter(ref => ref.startsWith(admission_ref)))
        }
        : await listGenerations(store, expected);
    const { generations } = await readGenerationAdmissions(reader, listing, expected);
    const own = generations.find(g => g.admission.run_id === run.run_id);
    if (own)
        return own;
    const ledger_ref = refs_ledgerRef(run.namespace, run.run_id);
    const holders = generations.map(g => `${JSON.stringify(g.admission.run_id)} (generation ${g.generation}) at ${g.ref}`);
    throw new OrphanRun(ledger_ref, run.run_id, run.dispatch_key, holders.length === 0
        ? `has no admission (no ${admission_ref})`
        : `is admitted to ${holders.length === 1 ? 'another run' : 'other runs'}: ${holders.join(', ')}`);
}
/** Lists and reads a key's generations in one go (for callers that need nothing else). */
async function readGenerations(store, options) {
    const listing = await listGenerations(store, options);
    return store.read(reader => readGenerationAdmissions(reader, listing, options));
}
/** What the generation decision needs from the newest generation's ledger (verified). */
function newestGeneration(entry, chain) {
    if (!chain || chain.length === 0)
        return { generation: entry.generation, state: null, last_occurred_at: null };
    if (chain.some(record => record.value.run_id !== entry.admission.run_id))
        throw new CorruptEntry(entry.admission.ledger_ref, `it holds records of another run than ${entry.admission.run_id}, which ${entry.ref} admitted`);
    const state = verifiedState(chain);
    return {
        generation: entry.generation,
        state: state.state,
        last_occurred_at: chain[chain.length - 1]?.value.occurred_at ?? null
    };
}
/**
 * The shared read path of admit and preview: one listing, then one read session for every
 * admission and at most one chain — this run's own generation's (to replay it), else the
 * newest's, and that only when its ledger can change the answer (decideWithoutLedger).
 */
async function assessGenerations(store, query) {
    const runIdFor = (generation) => runIdForGeneration(query.run_id, generation, query.generation_run_ids);
    const listing = await listGenerations(store, query);
    const admission_ref = listing.admission_ref;
    const found = await store.read(async (reader) => {
        const { generations } = await readGenerationAdmissions(reader, listing, query);
        const own = generations.find(g => g.admission.run_id === runIdFor(g.generation)) ?? null;
        const newest = generations[generations.length - 1] ?? null;
        const early = !own && newest
            ? decideWithoutLedger({
                generation: newest.generation,
                admitted_at: newest.admission.admitted_at,
                reuse: query.reuse,
                occurred_at: query.occurred_at
            })
            : null;
        // The admission that answers is read whole before it is trusted (docs/design/writers.md
        // #every-entry-whole): the chain it names, even when the decision would not need it.
        const read = own ?? newest;
        let chain = read ? await reader.readChain(read.admission.ledger_ref) : null;
        // An admission lands with its ledger in one push, so a ledger not seen is a stale copy of
        // its refs (fetched before that push): look once more at the arbiter before failing closed.
        if (read && read !== own && !chain)
            chain = await reader.readChain(read.admission.ledger_ref, { decode: decodeRecord }, { refresh: true });
        if (read)
            checkAdmittedChain(query, read, chain, { own: read === own });
        return { own, newest, chain, early };
    });
    if (found.own)
        return { kind: 'replay', admission_ref, entry: found.own, chain: found.chain };
    if (!found.newest)
        return { kind: 'absent', admission_ref };
    const decision = found.early ??
        decideGeneration({
            newest: newestGeneration(found.newest, found.chain),
            reuse: query.reuse,
            occurred_at: query.occurred_at
        });
    if (decision.kind === 'duplicate')
        return { kind: 'duplicate', admission_ref, entry: found.newest, reason: decision.reason };
    return {
        kind: 'create',
        admission_ref,
        generation: decision.generation,
        run_id: runIdFor(decision.generation),
        previous: found.newest
    };
}
/**
 * An admission is trusted only with the chain it names: that chain exists (our own generation's
 * may be missing: replay writes it), is the ledger of the admitted run, its record 1 carries
 * this key, and it verifies. Otherwise the admission fails closed, named where it is: it is
 * never handed out as the run that owns this key.
 */
function checkAdmittedChain(query, entry, chain, options) {
    if (checkAdmittedKey(query, entry, chain, options))
        verifiedState(chain);
}
/**
 * checkAdmittedChain without the chain's own verification, for a caller that verified it
 * already (verify reads each chain once); true when there is a chain to verify.
 */
function checkAdmittedKey(query, entry, chain, options) {
    const { ledger_ref, run_id } = entry.admission;
    if (!chain) {
        if (options.own)
            return false;
        throw new errors_CorruptEntry(entry.ref, `it admits run ${JSON.stringify(run_id)}, but the ledger it names (${ledger_ref}) does not exist`);
    }
    storedNames_checkChainNames(query.namespace, ledger_ref, chain);
    const key = chain[0]?.value.idempotency.dispatch_key;
    if (key !== query.dispatch_key)
        throw new errors_CorruptEntry(entry.ref, `the ledger it names (${ledger_ref}) is a run of another dispatch key ` +
            `(${JSON.stringify(key)}), so it admits no run of this one`);
    return true;
}

;// CONCATENATED MODULE: ./src/core/dispatchKey.ts







/** docs/design/keys.md, "Dispatch key derivation (scheme v1)". */
const KEY_SCHEME = 'v1';
const PositiveInt = schemas_int().check(_positive());
const NonEmpty = schemas_string().check(_minLength(1));
const Sha = schemas_string().check(_regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/));
const JsonObject = record(schemas_string(), unknown());
// Actions are lower-case words; restricting them keeps `<action>` a single key component.
const ActionName = schemas_string().check(_regex(/^[a-z][a-z_]*$/));
const POSITIVE_INT = 'a positive integer';
const SHA = '40 or 64 lowercase hex digits';
function dispatchKey_deriveDispatch(input) {
    const override = input.dispatchKey;
    if (override !== undefined && override !== '') {
        checkDispatchKey(override);
        // Event-independent on purpose: a key the user chose converges across events.
        return finish(override, { scheme: KEY_SCHEME, dispatch_key: override }, input);
    }
    const derive = Object.hasOwn(DERIVATIONS, input.eventName)
        ? DERIVATIONS[input.eventName]
        : undefined;
    if (derive === undefined)
        throw noDerivation(input.eventName);
    const reader = new PayloadReader(input.eventName, input.payload);
    const { event, key, fields } = deriveFrom(derive, reader, input.eventName);
    checkDispatchKey(key, input.eventName);
    // Only fields that name the intended work: never the sender or any timestamp.
    return finish(key, { scheme: KEY_SCHEME, event, ...fields }, input);
}
/** Runs a derivation; a payload part JSON cannot carry (a lone surrogate) is blamed on the event. */
function deriveFrom(derive, reader, eventName) {
    try {
        return derive(reader);
    }
    catch (error) {
        if (error instanceof errors_InvalidInput)
            throw error;
        throw notUnicode(eventName);
    }
}
function notUnicode(eventName) {
    return new errors_InvalidInput(`The ${eventName} event payload holds text that is not valid Unicode (a lone ` +
        'surrogate), so the request it names has no canonical JSON form. Set the ' +
        '`dispatch_key` to a key that names this dispatch.');
}
function finish(key, base, input) {
    // The event's part first, so text JSON cannot carry is blamed on where it came from.
    if (!hasJsonForm(base))
        throw notUnicode(input.eventName);
    const request = input.request === undefined ? base : { ...base, request: input.request };
    if (!hasJsonForm(request))
        throw new errors_InvalidInput('The `request` has no canonical JSON form (it holds a lone surrogate or a value JSON ' +
            'cannot carry). Give the `request` as a JSON value of valid text (an object, array, ' +
            'string, number, boolean or null).');
    return { dispatch_key: key, request, request_digest: canonical_digestOf(request) };
}
function hasJsonForm(value) {
    try {
        canonical_canonicalJson(value);
        return true;
    }
    catch {
        return false;
    }
}
/** A single UTF-16 surrogate that is not half of a pair: text that has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/**
 * docs/README.md#words, docs/design/writers.md: a dispatch key is 1 to 1024 UTF-8 bytes of text with no control characters.
 * `eventName` says where a derived key came from; without it the key was given by the caller.
 */
function checkDispatchKey(key, eventName) {
    const source = eventName === undefined
        ? 'The `dispatch_key`'
        : `The dispatch key derived from the ${eventName} event`;
    const control = findControlCharacter(key);
    if (control !== null)
        throw new errors_InvalidInput(`${source} contains the control character ${control}. Dispatch keys are printable text: ` +
            (eventName === undefined
                ? 'set the `dispatch_key` without line breaks, tabs or other control characters.'
                : 'set the `dispatch_key` to a key that names this dispatch.'));
    if (LONE_SURROGATE.test(key))
        throw new errors_InvalidInput(`${source} is not valid Unicode text (it holds a lone surrogate). Set the \`dispatch_key\` ` +
            'to a key of valid text.');
    const bytes = Buffer.byteLength(key, 'utf8');
    if (bytes > MAX_KEY_BYTES) {
        throw new errors_InvalidInput(`${source} is ${bytes} UTF-8 bytes; the limit is ${MAX_KEY_BYTES}. ` +
            'Set the `dispatch_key` to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = DispatchKeySchema.safeParse(key);
    if (!parsed.success) {
        throw new errors_InvalidInput(`${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`);
    }
    return key;
}
/**
 * docs/design/writers.md "Key components never merge": a free-text component followed by another component
 * is percent-encoded (`%` → `%25`, `/` → `%2F`), so ("a/b", "c") and ("a", "b/c") differ.
 */
function keyComponent(text) {
    return text.replace(/%/g, '%25').replace(/\//g, '%2F');
}
const DISPATCH_KEY_EXAMPLES = {
    schedule: 'nightly/${{ github.sha }}',
    workflow_call: '${{ inputs.ticket }}'
};
function noDerivation(eventName) {
    const example = DISPATCH_KEY_EXAMPLES[eventName] ?? `${eventName || 'deploy'}/\${{ github.sha }}`;
    const what = eventName === ''
        ? 'GITHUB_EVENT_NAME is empty, so no dispatch key can be derived.'
        : `The event "${eventName}" has no dispatch key derivation.`;
    return new errors_InvalidInput(`${what} Set the \`dispatch_key\` to a key that names this dispatch ` +
        `(for example \`${example}\`); runs with the same key are admitted once.`);
}
const DERIVATIONS = {
    issues: p => {
        const repoId = p.repositoryId();
        const number = p.required('issue.number', PositiveInt, POSITIVE_INT);
        const action = p.required('action', ActionName, 'an action name such as "opened"');
        if (action === 'labeled') {
            const label = p.required('label.name', NonEmpty, 'a non-empty label name');
            return {
                event: 'issues',
                key: `v1/issues/${repoId}/${number}/labeled/${label}`,
                fields: { repository_id: repoId, number, action, label }
            };
        }
        return {
            event: 'issues',
            key: `v1/issues/${repoId}/${number}/${action}`,
            fields: { repository_id: repoId, number, action }
        };
    },
    pull_request: p => pullRequest(p),
    // The target variant runs in the base repository's context but names the same work.
    pull_request_target: p => pullRequest(p),
    issue_comment: p => {
        const repoId = p.repositoryId();
        const commentId = p.required('comment.id', PositiveInt, POSITIVE_INT);
        const body = p.required('comment.body', schemas_string(), 'a string');
        // An edit keeps the key and changes the digest, so it surfaces as a conflict.
        return {
            event: 'issue_comment',
            key: `v1/issue_comment/${repoId}/${commentId}`,
            fields: { repository_id: repoId, comment_id: commentId, body_sha256: canonical_sha256Hex(body) }
        };
    },
    workflow_dispatch: p => {
        const repoId = p.repositoryId();
        const workflow = p.required('workflow', NonEmpty, 'the workflow file path');
        const inputs = p.optional('inputs', JsonObject, 'an object') ?? {};
        const chosen = inputs['dispatch_key'];
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : canonical_sha256Hex(canonical_canonicalJson(inputs));
        return {
            event: 'workflow_dispatch',
            key: `v1/workflow_dispatch/${repoId}/${keyComponent(workflow)}/${last}`,
            fields: { repository_id: repoId, workflow, inputs }
        };
    },
    repository_dispatch: p => {
        const repoId = p.repositoryId();
        // Actions puts the API's event_type in `action`; a hand-made payload may keep the API name.
        const typeField = p.has('event_type') && !p.has('action') ? 'event_type' : 'action';
        const eventType = p.required(typeField, NonEmpty, 'the event_type string');
        const clientPayload = p.optional('client_payload', JsonObject, 'an object') ?? {};
        const chosen = clientPayload['dispatch_key'];
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : canonical_sha256Hex(canonical_canonicalJson(clientPayload));
        return {
            event: 'repository_dispatch',
            key: `v1/repository_dispatch/${repoId}/${keyComponent(eventType)}/${last}`,
            fields: { repository_id: repoId, event_type: eventType, client_payload: clientPayload }
        };
    },
    // docs/design/recovery.md: a finished workflow run, so a duplicated delivery recovers it once.
    workflow_run: p => {
        const repoId = p.repositoryId();
        const runId = p.required('workflow_run.id', PositiveInt, POSITIVE_INT);
        const attempt = p.required('workflow_run.run_attempt', PositiveInt, POSITIVE_INT);
        const conclusion = p.optional('workflow_run.conclusion', schemas_string(), 'a string') ?? null;
        return {
            event: 'workflow_run',
            key: `v1/workflow_run/${repoId}/${runId}/${attempt}`,
            fields: { repository_id: repoId, run_id: runId, run_attempt: attempt, conclusion }
        };
    },
    push: p => {
        const repoId = p.repositoryId();
        const ref = p.required('ref', NonEmpty, 'a git ref such as "refs/heads/main"');
        const after = p.required('after', Sha, SHA);
        return {
            event: 'push',
            key: `v1/push/${repoId}/${ref}/${after}`,
            fields: { repository_id: repoId, ref, after }
        };
    }
};
function pullRequest(p) {
    const repoId = p.repositoryId();
    const number = p.required('pull_request.number', PositiveInt, POSITIVE_INT);
    const headSha = p.required('pull_request.head.sha', Sha, SHA);
    const action = p.required('action', ActionName, 'an action name such as "opened"');
    // Only `labeled` names a label; an `unlabeled` label must not split the key from the digest.
    const label = action === 'labeled' ? p.required('label.name', NonEmpty, 'a non-empty label name') : null;
    const base = `v1/pull_request/${repoId}/${number}/${headSha}`;
    return {
        event: 'pull_request',
        key: label === null ? base : `${base}/labeled/${label}`,
        fields: { repository_id: repoId, number, head_sha: headSha, label }
    };
}
/** Reads fields of an untrusted event payload; every failure names the field and the event. */
class PayloadReader {
    eventName;
    root;
    constructor(eventName, payload) {
        this.eventName = eventName;
        if (!dispatchKey_isPlainObject(payload)) {
            throw new errors_InvalidInput(`The ${eventName} event payload is not a JSON object (got ${dispatchKey_describe(payload)}). ${HINT}`);
        }
        this.root = payload;
    }
    repositoryId() {
        return this.required('repository.id', PositiveInt, POSITIVE_INT);
    }
    has(path) {
        const value = this.lookup(path);
        return value !== undefined && value !== null;
    }
    required(path, schema, expected) {
        const value = this.lookup(path);
        if (value === undefined) {
            throw new errors_InvalidInput(`The ${this.eventName} event payload is missing ${path} (expected ${expected}). ${HINT}`);
        }
        return this.check(path, value, schema, expected);
    }
    /** Absent and null both mean "not given". */
    optional(path, schema, expected) {
        const value = this.lookup(path);
        if (value === undefined || value === null)
            return undefined;
        return this.check(path, value, schema, expected);
    }
    check(path, value, schema, expected) {
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
            throw new errors_InvalidInput(`The ${this.eventName} event payload has an invalid ${path} (expected ${expected}, got ${dispatchKey_describe(value)}). ${HINT}`);
        }
        return parsed.data;
    }
    lookup(path) {
        let node = this.root;
        for (const part of path.split('.')) {
            // Own properties only: a payload must not reach us through a prototype.
            if (!dispatchKey_isPlainObject(node) || !Object.hasOwn(node, part))
                return undefined;
            node = node[part];
        }
        return node;
    }
}
const HINT = 'Is GITHUB_EVENT_PATH the event of this workflow run?';
function dispatchKey_isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function dispatchKey_describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'number' && !Number.isInteger(value))
        return `the number ${value}`;
    if (typeof value === 'number')
        return `the integer ${value}`;
    if (typeof value === 'string')
        return value === '' ? 'an empty string' : 'a string';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
const TRIGGER_BY_EVENT = {
    issues: 'issue',
    pull_request: 'pull_request',
    pull_request_target: 'pull_request',
    issue_comment: 'issue_comment',
    workflow_dispatch: 'workflow_dispatch',
    repository_dispatch: 'repository_dispatch',
    workflow_call: 'workflow_call',
    push: 'push',
    schedule: 'schedule',
    // A workflow_run follows another run: in this product that is recovery.
    workflow_run: 'recovery'
};
function dispatchKey_triggerFor(eventName) {
    return Object.hasOwn(TRIGGER_BY_EVENT, eventName)
        ? TRIGGER_BY_EVENT[eventName]
        : 'webhook';
}
/** The payload's sender as a record actor; null when absent or malformed (never fatal). */
function dispatchKey_actorFrom(payload) {
    if (!dispatchKey_isPlainObject(payload) || !Object.hasOwn(payload, 'sender'))
        return null;
    const sender = payload['sender'];
    if (!dispatchKey_isPlainObject(sender))
        return null;
    const parsed = ActorSchema.safeParse({ login: sender['login'], id: sender['id'] });
    return parsed.success ? parsed.data : null;
}

;// CONCATENATED MODULE: ./src/cli/event.ts
/**
 * An event file named on the command line (what a workflow's GITHUB_EVENT_PATH holds). The file
 * does not say which event it is, so the name is given (`--event-name`) or read from the fields
 * only one event has; a file that fits none asks for `--event-name`.
 */


async function loadEventFile(path, eventName) {
    let text;
    try {
        text = await (0,promises_namespaceObject.readFile)(path, 'utf8');
    }
    catch (error) {
        throw new errors_InvalidInput(`The event file ${path} cannot be read (${error.code ?? error.message}). Give the path of a JSON event.`);
    }
    let payload;
    try {
        payload = JSON.parse(text);
    }
    catch (error) {
        throw new errors_InvalidInput(`The event file ${path} is not valid JSON: ${error.message}.`);
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
        throw new errors_InvalidInput(`The event file ${path} does not hold a JSON object.`);
    const fields = payload;
    const name = eventName ?? inferredName(fields);
    if (!name)
        throw new errors_InvalidInput(`Which event ${path} is cannot be told from its fields: give --event-name (issues, ` +
            'pull_request, issue_comment, workflow_dispatch, repository_dispatch, push, workflow_run).');
    return { name, payload: fields };
}
/** The event whose payload alone has these fields (GitHub's webhook payloads). */
function inferredName(p) {
    if ('comment' in p && 'issue' in p)
        return 'issue_comment';
    if ('workflow_run' in p)
        return 'workflow_run';
    if ('pull_request' in p)
        return 'pull_request';
    if ('issue' in p)
        return 'issues';
    if ('client_payload' in p)
        return 'repository_dispatch';
    if ('inputs' in p && 'workflow' in p)
        return 'workflow_dispatch';
    if ('ref' in p && 'after' in p && 'commits' in p)
        return 'push';
    return null;
}

;// CONCATENATED MODULE: ./src/cli/keyView.ts
/** `dispatch-ledger key`: what an event derives (as the actions derive it) and who owns it. */





async function keyCommand(context) {
    const { store, namespace, parsed } = context;
    const name = parsed.values['event-name'];
    const event = await loadEventFile(parsed.argument, typeof name === 'string' ? name : undefined);
    const derived = dispatchKey_deriveDispatch({ eventName: event.name, payload: event.payload });
    const { generations } = await readGenerations(store, {
        namespace,
        dispatch_key: derived.dispatch_key
    });
    const newest = generations[generations.length - 1] ?? null;
    const answer = {
        event_name: event.name,
        dispatch_key: derived.dispatch_key,
        request_digest: derived.request_digest,
        admission_ref: refs_admissionRef(namespace, derived.dispatch_key),
        owner: newest && {
            run_id: newest.admission.run_id,
            generation: newest.generation,
            ledger_ref: newest.admission.ledger_ref,
            admitted_at: newest.admission.admitted_at
        }
    };
    if (context.json) {
        context.printJson(answer);
        return 0;
    }
    const rows = [
        ['event', answer.event_name],
        ['dispatch key', answer.dispatch_key],
        ['request digest', answer.request_digest],
        ['admission', answer.admission_ref],
        [
            'owned by',
            answer.owner
                ? `${answer.owner.run_id} (generation ${answer.owner.generation}, admitted ${answer.owner.admitted_at})`
                : `no run: the key is not admitted in ${namespace} at ${store.name}`
        ]
    ];
    // Every value made inert here, where it is printed: the key and the names come from the event.
    for (const [k, v] of rows)
        context.print(`${context.style.paint('bold', k.padEnd(14))}  ${escapeControls(v)}`);
    return 0;
}

;// CONCATENATED MODULE: ./src/core/effect/operation.ts
/**
 * docs/design/effects.md: an operation is a side effect (a tag, a release) bound to the digest of its complete
 * intent, with its own append-only chain of records at `<namespace>/operations/<sha256(id)>`.
 * Same entry format as a run's ledger (a commit on the empty tree, JCS in the message), its own
 * closed schema.
 */




const OPERATION_SCHEMA = 'dispatch-ledger/operation/v1';
const OPERATION_STATES = [
    'prepared',
    'may_have_been_sent',
    'observed',
    'terminal_committed',
    'terminal_no_commit',
    'conflict',
    'unknown'
];
const OperationStateSchema = schemas_enum(OPERATION_STATES);
/** States after which nothing is ever sent again for the operation. */
const FINAL_STATES = new Set([
    'terminal_committed',
    'terminal_no_commit',
    'conflict'
]);
const EFFECT_KINDS = [
    'tag',
    'release',
    'branch',
    'pull-request',
    'comment',
    'issue'
];
const EffectKindSchema = schemas_enum(EFFECT_KINDS);
const WRITE_KINDS = (/* unused pure expression or super */ null && (['pull-request', 'comment', 'issue']));
/** A full object id (SHA-1 or SHA-256 repositories). */
const OidSchema = schemas_string()
    .check(_regex(/^([0-9a-f]{40}|[0-9a-f]{64})$/, 'must be a full lowercase object id'));
/**
 * Operation ids end up inside an HTML comment in a release body and in a one-line operator
 * command, so they may not hold whitespace, control characters or angle brackets.
 */
const OperationIdSchema = schemas_string()
    .check(_minLength(1, 'must not be empty'), _maxLength(1024, 'must be at most 1024 characters'), _regex(/^[^\s<>\p{Cc}\u2028\u2029]+$/u, 'must not contain whitespace, control characters, < or >'));
const ReleaseIntentSchema = strictObject({
    name: schemas_string().check(_maxLength(1024)),
    /** sha256 of the release body as given (without the marker the action adds). */
    body_digest: DigestSchema,
    draft: schemas_boolean(),
    prerelease: schemas_boolean()
});
const RepositoryIdSchema = schemas_string().check(_minLength(1), _maxLength(256));
/** A title as GitHub takes it: one line of text. */
const TitleSchema = schemas_string()
    .check(_minLength(1), _maxLength(1024), _regex(/^[^\p{Cc}]+$/u, 'must be one line of text'));
/** A branch name as the API takes it (`head` may be `owner:branch`). */
const BranchNameSchema = schemas_string()
    .check(_minLength(1), _maxLength(255), _regex(/^[^\s\p{Cc}]+$/u, 'must be a branch name'));
/** A tag or a release: the intent's shape since the first effect kinds. */
const TagIntentSchema = strictObject({
    repository_id: RepositoryIdSchema,
    kind: schemas_enum(['tag', 'release']),
    tag_ref: schemas_string()
        .check(_regex(/^refs\/tags\/[^\s\p{Cc}]+$/u, 'must be a full tag ref refs/tags/<name>')),
    target: OidSchema,
    /**
     * sha256 of the tag message. Not in docs/design/effects.md's list, but the tag object's bytes depend on
     * it: a re-run with another message must be refused as another intent, not end in a
     * conflict with its own earlier tag.
     */
    message_digest: DigestSchema,
    release: nullable(ReleaseIntentSchema)
})
    .check(refine(intent => (intent.kind === 'release') === (intent.release !== null), 'release must be given exactly when kind is release'));
/** `refs/heads/<name>` created at a commit. */
const BranchIntentSchema = strictObject({
    repository_id: RepositoryIdSchema,
    kind: literal('branch'),
    branch_ref: schemas_string()
        .check(_regex(/^refs\/heads\/[^\s\p{Cc}]+$/u, 'must be a full branch ref refs/heads/<name>')),
    target: OidSchema
});
/**
 * Every field of a create request goes into the intent (a body by its digest, as given,
 * without the marker), so the same operation id can never send another request.
 */
const PullRequestIntentSchema = strictObject({
    repository_id: RepositoryIdSchema,
    kind: literal('pull-request'),
    head: BranchNameSchema,
    base: BranchNameSchema,
    title: TitleSchema,
    body_digest: DigestSchema,
    draft: schemas_boolean()
});
const CommentIntentSchema = strictObject({
    repository_id: RepositoryIdSchema,
    kind: literal('comment'),
    issue_number: schemas_int().check(_gte(1)),
    body_digest: DigestSchema
});
const IssueIntentSchema = strictObject({
    repository_id: RepositoryIdSchema,
    kind: literal('issue'),
    title: TitleSchema,
    body_digest: DigestSchema,
    /** Sorted and without repeats: GitHub keeps an issue's labels as a set. */
    labels: array(schemas_string().check(_minLength(1), _maxLength(100))).check(_maxLength(100))
});
/** The complete intended effect; its digest is what an operation id is bound to. */
const IntentSchema = union([
    TagIntentSchema,
    BranchIntentSchema,
    PullRequestIntentSchema,
    CommentIntentSchema,
    IssueIntentSchema
]);
/** What an intent makes, in words for a summary (untrusted text: the caller escapes it). */
function intentSubject(intent) {
    switch (intent.kind) {
        case 'tag':
        case 'release':
            return `${intent.tag_ref} at ${intent.target}`;
        case 'branch':
            return `${intent.branch_ref} at ${intent.target}`;
        case 'pull-request':
            return `${intent.head} into ${intent.base}: ${intent.title}`;
        case 'comment':
            return `a comment on #${intent.issue_number}`;
        case 'issue':
            return `an issue: ${intent.title}`;
    }
}
/** What an effect of `kind` is called in words (a reason, a status line). */
const operation_KIND_NOUN = {
    tag: 'tag',
    release: 'release',
    branch: 'branch',
    'pull-request': 'pull request',
    comment: 'comment',
    issue: 'issue'
};
function isWriteIntent(intent) {
    return WRITE_KINDS.includes(intent.kind);
}
/** What the operation produced; later records repeat what earlier ones found. */
const EffectResultSchema = strictObject({
    tag_object: nullable(OidSchema),
    release_id: nullable(schemas_string().check(_regex(/^[0-9]{1,20}$/, 'must be a numeric id'))),
    release_url: nullable(schemas_string().check(_maxLength(2048))),
    // Absent in the records of tags and releases (the fields came with the later kinds).
    /** A pull request's, comment's or issue's numeric id; a branch's commit. */
    id: optional(nullable(schemas_string().check(_regex(/^([0-9]{1,20}|[0-9a-f]{40}|[0-9a-f]{64})$/)))),
    /** A pull request's or issue's number. */
    number: optional(nullable(schemas_int().check(_gte(1)))),
    /** Its page on GitHub. */
    url: optional(nullable(schemas_string().check(_maxLength(2048))))
});
const ResolutionSchema = strictObject({
    answer: schemas_enum(['committed', 'not_committed']),
    by: schemas_string().check(_minLength(1), _maxLength(256))
});
/** One record of an operation's chain. Closed at every level. */
const OperationRecordSchema = strictObject({
    schema: literal(OPERATION_SCHEMA),
    operation_id: OperationIdSchema,
    sequence: schemas_int().check(_gte(1)),
    previous_digest: nullable(DigestSchema),
    state: OperationStateSchema,
    occurred_at: TimestampSchema,
    intent: IntentSchema,
    intent_digest: DigestSchema,
    /** Which send this record is about (1, 2, …), or null when nothing has been sent. */
    send: nullable(schemas_int().check(_gte(1))),
    result: nullable(EffectResultSchema),
    /** What was seen that led to this record, in words (a status, what a lookup found). */
    observation: nullable(schemas_string().check(_maxLength(4096))),
    /** An operator's accountable answer; the only way out of `unknown`. */
    resolution: nullable(ResolutionSchema),
    writer: nullable(WriterSchema)
});
function intentDigest(intent) {
    return digestOf(intent);
}
/** sha256 of a text as given (a release body, a tag message). */
function textDigest(body) {
    return `sha256:${sha256Hex(body)}`;
}
function operationRef(namespace, operationId) {
    return `${namespace}/operations/${canonical_sha256Hex(operationId)}`;
}
/** docs/design/effects.md default: `<run id>/<kind>/<what it names>` (a tag, a branch…). */
function defaultOperationId(runId, kind, names) {
    return `${runId}/${kind}/${names}`;
}
/** The operation that creates a release's tag when it does not exist yet. */
function tagOperationId(releaseOperationId) {
    return `${releaseOperationId}/tag`;
}

;// CONCATENATED MODULE: ./src/core/effect/decide.ts


const d = (next, record, reason) => ({
    next,
    record,
    reason
});
/** Before any I/O: what the recorded chain alone says. */
function planEffect(op, intentDigest) {
    if (op === null)
        return d('prepare', 'prepared', 'no operation yet: record the intent first');
    if (op.intent_digest !== intentDigest)
        return d('refuse_intent', null, `the operation ${op.operation_id} is bound to intent ${op.intent_digest}; this step asks for ${intentDigest}`);
    return PLAN_BY_STATE[op.state];
}
const PLAN_BY_STATE = {
    prepared: d('send', null, 'the intent is durable and nothing was sent: send'),
    may_have_been_sent: d('lookup', null, 'a send may have gone out and its outcome was not recorded: look it up before anything else'),
    observed: d('read_back', null, 'the create was answered: read it back to check it is ours'),
    terminal_committed: d('committed', null, 'already committed: nothing is sent'),
    terminal_no_commit: d('not_committed', null, 'already ended without its effect: nothing is sent'),
    conflict: d('conflict', null, 'another actor holds what this operation makes: nothing is sent'),
    unknown: d('refuse_unknown', null, 'the outcome is unknown and only an operator can settle it (/ledger resolve-effect)')
};
/**
 * Whether a `may_have_been_sent` that another step recorded may still be waiting for its
 * answer: recorded less than `boundMs` ago (the bound on a request) and not by this step. Such
 * a step is followed, not second-guessed: its answer will be recorded within the bound, and a
 * lookup now could miss a create still on its way (for a comment or an issue that makes the
 * operation unknown; for a pull request it sends again). Waiting only defers the lookup; it
 * never turns anything into "not sent".
 */
function awaitsOtherSender(op, context) {
    if (op?.state !== 'may_have_been_sent' || op.sends === context.ownSend)
        return false;
    const age = context.nowMs - Date.parse(op.updated_at);
    return age < context.boundMs;
}
/**
 * After a send answered (or did not), by the one protocol. A release's definite refusal ends
 * the operation only when it was the only send: an earlier one may have made the release.
 */
function afterSend(ctx, outcome) {
    switch (protocolAfterSend(outcome, ctx, ctx.sends === 1)) {
        case 'committed':
            return d('committed', null, 'the atomic push created the ref and recorded it committed');
        case 'record':
            return d('read_back', 'observed', 'GitHub answered 201: read it back');
        case 'fail':
            return d('not_committed', 'terminal_no_commit', 'GitHub definitely refused the only send: nothing was created');
        case 'stop':
            return d('stop', null, reasonOf(outcome));
        case 'lookup':
            return d('lookup', null, reasonOf(outcome));
    }
}
/** After a lookup, by the one protocol; the budget is the step's (an operation has no attempts). */
function afterLookup(ctx, lookup) {
    const reason = lookup.reason ?? lookup.kind;
    const left = sendsLeft(ctx.sendsThisStep);
    switch (protocolAfterLookup(lookup, { fenced: ctx.fenced, sendsLeft: left })) {
        case 'adopt':
            return d('committed', 'terminal_committed', `the lookup found our effect: ${reason}`);
        case 'conflict':
            return d('conflict', 'conflict', `another actor holds what this operation makes: ${reason}`);
        case 'fail_and_retry':
        case 'resend':
            return d('send', null, `nothing found, and the provider is fenced: send again (${reason})`);
        case 'fail_only':
            return d('stop', null, 'nothing found and this step already sent twice; a later step goes on');
        case 'unresolved':
            // An unfenced provider (a draft, a comment, an issue): absence proves nothing, only an
            // operator can settle it.
            return ctx.fenced
                ? d('stop', null, `not settled by this step; a later step looks again (${reason})`)
                : d('unknown', 'unknown', `${reason}, yet the create may still commit (it has no fence)`);
        case 'stop':
            return d('stop', null, `the lookup failed; the next effect step looks again (${reason})`);
    }
}
function reasonOf(outcome) {
    switch (outcome.kind) {
        case 'submitted':
            return 'accepted';
        case 'refused':
            return outcome.message;
        case 'ambiguous':
        case 'preempted':
            return outcome.reason;
    }
}
/** What a read-back found, in words, as the operation records it. */
function readBackObservation(kind, id, found) {
    return `read back ${KIND_NOUN[kind]} ${id}: ${READ_BACK_SAYS[found]}`;
}
const READ_BACK_SAYS = {
    match: 'it carries our marker and every field asked for',
    mismatch: 'it differs from the intent (edited or not ours)',
    none: 'it can no longer be found',
    unavailable: 'it could not be read'
};
/** After a 201, what reading the created release, pull request, comment or issue back found. */
function afterReadBack(kind, found) {
    const noun = KIND_NOUN[kind];
    switch (found) {
        case 'match':
            return d('committed', 'terminal_committed', 'what was created carries our marker and fields');
        case 'mismatch':
            return d('conflict', 'conflict', `the ${noun} differs from the intent (edited or not ours)`);
        case 'none':
            // Created (201) and now gone: something deleted it. Not provably terminal either way.
            return d('unknown', 'unknown', `the ${noun} created can no longer be found`);
        case 'unavailable':
            return d('stop', null, `the ${noun} created could not be read back; the next step tries again`);
    }
}
/**
 * The id an operator names a committed effect by: a release's or comment's id, else a number
 * (a tag or a branch is never unknown, so never answered).
 */
function answeredId(op) {
    const result = op.result;
    switch (op.intent.kind) {
        case 'release':
            return result?.release_id ?? null;
        case 'comment':
            return result?.id ?? null;
        default:
            return result?.number != null ? String(result.number) : null;
    }
}
/** What an operator names a committed effect of `kind` by in `resolve-effect … committed <id>`. */
function answerIdName(kind) {
    return ANSWER_ID[kind ?? ''] ?? '<id>';
}
const ANSWER_ID = {
    release: '<release id>',
    comment: '<comment id>',
    issue: '<issue number>',
    'pull-request': '<pull request number>'
};
/**
 * `/ledger resolve-effect`: an operator's answer is accepted only for an `unknown` operation;
 * the same answer again is a duplicate, a different one a conflict (the first answer wins).
 */
function decideResolve(op, answer, releaseId) {
    if (op.state === 'unknown')
        return {
            outcome: 'applied',
            record: answer === 'committed' ? 'terminal_committed' : 'terminal_no_commit'
        };
    const settled = op.resolution;
    if (settled === null)
        return {
            outcome: 'rejected',
            reason: `the operation is ${op.state}, not unknown: there is nothing for an operator to settle`
        };
    const same = settled.answer === answer && (answer === 'not_committed' || answeredId(op) === releaseId);
    return same
        ? { outcome: 'duplicate', reason: `already resolved ${settled.answer} by ${settled.by}` }
        : {
            outcome: 'conflict',
            reason: `already resolved ${settled.answer} by ${settled.by}; the first answer stands`
        };
}

;// CONCATENATED MODULE: ./src/core/effect/operationChain.ts
/**
 * Verify an operation's chain on read and fold it into what the decision table needs, the way
 * `reconstruct` does for a run's ledger. Pure. A chain that does not verify is an error naming
 * the first bad sequence; no record is ever skipped.
 */




/** Legal successors. `unknown` is left only by an operator's resolution (checked below). */
const OPERATION_SUCCESSORS = {
    // A tag is committed by the same atomic push that carries its journal record, so a tag
    // operation goes from prepared straight to its outcome; a release goes through the send.
    prepared: ['may_have_been_sent', 'terminal_committed', 'conflict'],
    may_have_been_sent: [
        'may_have_been_sent',
        'observed',
        'terminal_committed',
        'terminal_no_commit',
        'conflict',
        'unknown'
    ],
    observed: ['terminal_committed', 'conflict', 'unknown'],
    unknown: ['terminal_committed', 'terminal_no_commit'],
    terminal_committed: [],
    terminal_no_commit: [],
    conflict: []
};
const operationChain_STORED = "the stored operation chain does not verify (it was altered or written without these checks); inspect the operation's ref and repair it by hand. Nothing was sent from it";
/** The rule a single record breaks given its predecessor, or null. Exported for the tests. */
function operationLinkProblem(previous, record, context) {
    const link = linkProblem(OPERATION_ENTRY, previous, context.previousDigest, record);
    if (link !== null)
        return link.what;
    if (previous === null) {
        if (record.state !== 'prepared')
            return `the first record is ${record.state}, not prepared`;
        if (record.send !== null)
            return 'the prepared record names a send';
    }
    else {
        if (record.operation_id !== previous.operation_id)
            return 'the operation id changes';
        if (record.intent_digest !== previous.intent_digest)
            return 'the intent changes';
        if (!OPERATION_SUCCESSORS[previous.state].includes(record.state))
            return `${previous.state} → ${record.state} is not a legal transition`;
        const kindProblem = kindRule(previous.state, record);
        if (kindProblem)
            return kindProblem;
    }
    if (canonical_digestOf(record.intent) !== record.intent_digest)
        return 'intent_digest is not the digest of its intent';
    const fromUnknown = previous?.state === 'unknown';
    if (fromUnknown !== (record.resolution !== null))
        return fromUnknown
            ? 'leaving unknown needs an operator resolution'
            : 'only a record leaving unknown carries a resolution';
    if (record.resolution && resolvedState(record.resolution.answer) !== record.state)
        return `the resolution ${record.resolution.answer} does not match ${record.state}`;
    return sendRule(record, context.sends) ?? resultRule(record);
}
function resolvedState(answer) {
    return answer === 'committed' ? 'terminal_committed' : 'terminal_no_commit';
}
/** Kinds whose ref and record travel in one atomic push: never sent apart from the record. */
const REF_KINDS = new Set(['tag', 'branch']);
function kindRule(from, record) {
    const kind = record.intent.kind;
    if (from === 'prepared' && record.state === 'terminal_committed' && !REF_KINDS.has(kind))
        return 'only a tag or a branch is committed straight from prepared (by its atomic push)';
    if (record.state === 'may_have_been_sent' && REF_KINDS.has(kind))
        return `a ${kind} is never sent apart from its journal record`;
    return null;
}
function sendRule(record, sends) {
    if (record.state === 'may_have_been_sent') {
        if (record.send !== sends + 1)
            return `send ${record.send} is not the next send (${sends + 1})`;
        return null;
    }
    if (record.state === 'observed' && record.send !== sends)
        return `observed names send ${record.send}, not the latest send ${sends}`;
    if (record.send !== null && (record.send < 1 || record.send > sends))
        return `send ${record.send} was never recorded`;
    return null;
}
function resultRule(record) {
    if (record.state !== 'terminal_committed')
        return null;
    const result = record.result;
    switch (record.intent.kind) {
        case 'tag':
            return result?.tag_object ? null : 'a committed tag names no tag object';
        case 'release':
            return result?.release_id ? null : 'a committed release names no release id';
        default:
            // A branch's id is its commit; a pull request's, comment's or issue's, GitHub's id.
            return result?.id ? null : `a committed ${record.intent.kind} names no id`;
    }
}
/** An operation record as a link of the one chain entity. */
const OPERATION_ENTRY = {
    schema: OPERATION_SCHEMA,
    noun: 'operation',
    fields: { sequence: 'sequence', previousDigest: 'previous_digest' },
    ends: record => FINAL_STATES.has(record.state),
    keyOf: () => null,
    sequence: record => record.sequence,
    previousDigest: record => record.previous_digest,
    state: record => record.state,
    occurredAt: record => record.occurred_at
};
/** An effect's operation: the `operations` instance of the one chain entity. */
const OPERATION_CHAIN = {
    ...OPERATION_ENTRY,
    family: 'operations',
    holder: 'the operation',
    stored: operationChain_STORED,
    commit: (record, parent) => chainCommit(OPERATION_ENTRY, record, parent),
    decode: (ref, raw, oid) => decodeEntry(ref, raw, OperationRecordSchema, oid),
    folder: operationFolder
};
function operationFolder() {
    let first = null;
    let sends = 0;
    let result = null;
    let resolution = null;
    return {
        problem(previous, previousDigest, record, sequence) {
            if (!OperationRecordSchema.safeParse(record).success)
                return `record ${sequence} is invalid`;
            return operationLinkProblem(previous, record, { sends, previousDigest });
        },
        add(record) {
            first ??= record;
            if (record.state === 'may_have_been_sent')
                sends = record.send ?? sends;
            if (record.result)
                result = record.result;
            if (record.resolution)
                resolution = record.resolution;
        },
        result: (head, headDigest, headOid) => {
            const prepared = first;
            return {
                operation_id: head.operation_id,
                intent: prepared.intent,
                intent_digest: prepared.intent_digest,
                state: head.state,
                final: FINAL_STATES.has(head.state),
                sequence: head.sequence,
                head_oid: headOid,
                head_digest: headDigest,
                sends,
                result,
                resolution,
                prepared_at: prepared.occurred_at,
                updated_at: head.occurred_at
            };
        }
    };
}
/** Verify `records` (oldest first, the whole chain) and fold them. */
function foldOperation(records, options = {}) {
    return foldChain(OPERATION_CHAIN, records, options);
}

;// CONCATENATED MODULE: ./src/commands/attention.ts
/**
 * What an operator must look at besides the runs a scan plans: runs whose admission names a
 * ledger that is not there (a deleted ledger ref: the run cannot be read, so no plan can be
 * made for it), and operations held for a person (an effect whose outcome is unknown, or one in
 * conflict: another actor holds what it would make, it was found more than once, or what it
 * made differs from its intent). Both are listed from the store in one session, so the
 * command line's `status` never hides a run it could not read.
 */






/** The states in which nothing more happens until a person decides, and what they do. */
const HELD = {
    unknown: ({ operation_id: id, intent }) => `its outcome is unknown: find out whether it happened, then comment \`/ledger resolve-effect ${id} committed ${answerIdName(intent.kind)}\` or \`/ledger resolve-effect ${id} not-committed\``,
    conflict: ({ intent, observation }) => {
        const noun = operation_KIND_NOUN[intent.kind];
        // The reason recorded with the conflict: what the lookup or the read-back saw.
        const why = observation ??
            `another actor holds what this ${noun} would make, or the ${noun} made differs from its intent`;
        return (`this ${noun} is in conflict: ${why}. Nothing more is sent for it: look at what that names, deal ` +
            `with it by hand, and give the step a new operation-id if the ${noun} must still be made`);
    }
};
/**
 * Admissions whose ledger is none of `ledgers` (every ledger the caller listed, live and
 * archived; null: those listed here). Each admission is read once; with a memo, once per admission id ever.
 */
async function missingLedgers({ namespace }, { store }, ledgers) {
    return store.read(async (reader) => {
        const lister = listerOf(store, reader);
        const listed = await lister.listRefs(admissionsPrefix(namespace));
        // null: the ledgers there are, listed here in the same session.
        const known = ledgers ?? new Set((await lister.listRefs(runsPrefix(namespace))).map(entry => entry.ref));
        const missing = [];
        for (const { ref, oid } of listed) {
            const key = `admission-says:v1:${oid}`;
            let says = store.memo?.get(key);
            if (typeof says?.ledger_ref !== 'string') {
                try {
                    const entry = await reader.readAdmission(ref);
                    if (!entry)
                        continue;
                    const { run_id, dispatch_key, ledger_ref } = entry.value;
                    says = { run_id, dispatch_key, ledger_ref };
                    store.memo?.set(key, says);
                }
                catch (error) {
                    // A corrupt admission is verify's to report; it is no missing ledger.
                    if (!(error instanceof DispatchLedgerError))
                        throw error;
                    continue;
                }
            }
            if (known.has(says.ledger_ref))
                continue;
            missing.push({
                admission_ref: ref,
                ...says,
                problem: `the admission ${ref} admits run ${says.run_id}, whose ledger ${says.ledger_ref} does ` +
                    'not exist: it was deleted (by hand or by a tool), so the run cannot be read or ' +
                    'planned. `dispatch-ledger verify` lists it; removing the admission as well lets the ' +
                    'key be admitted afresh.'
            });
        }
        return missing;
    });
}
/** One operation as status lists it (held or not), or null when there is no such operation. */
async function readOperation({ namespace, operation_id }, { store }) {
    const ref = operationRef(namespace, operation_id);
    return store.read(async (reader) => {
        const chain = await reader.readChain(ref, OPERATION_CHAIN);
        if (!chain)
            return null;
        const op = foldOperation(chain.map(e => e.value), { headOid: chain[chain.length - 1]?.oid });
        const head = chain[chain.length - 1].value;
        const held = HELD[op.state];
        return {
            operation_ref: ref,
            operation_id: op.operation_id,
            kind: op.intent.kind,
            state: op.state,
            sequence: op.sequence,
            updated_at: head.occurred_at,
            next: held
                ? held(head)
                : op.final
                    ? 'nothing: it has ended'
                    : 'nothing yet: the step that owns it goes on',
            error: null,
            held: held !== undefined
        };
    });
}
/** Every operation whose state holds it for an operator, or that cannot be read. */
async function heldOperations({ namespace }, { store }) {
    return store.read(async (reader) => {
        const listed = await listerOf(store, reader).listRefs(operationsPrefix(namespace));
        const held = [];
        for (const { ref } of listed) {
            try {
                const chain = await reader.readChain(ref, OPERATION_CHAIN);
                if (!chain)
                    continue;
                const op = foldOperation(chain.map(e => e.value), { headOid: chain[chain.length - 1]?.oid });
                const next = HELD[op.state];
                if (!next)
                    continue;
                const head = chain[chain.length - 1].value;
                held.push({
                    operation_ref: ref,
                    operation_id: op.operation_id,
                    kind: op.intent.kind,
                    state: op.state,
                    sequence: op.sequence,
                    updated_at: head.occurred_at,
                    next: next(head),
                    error: null
                });
            }
            catch (error) {
                if (!(error instanceof DispatchLedgerError))
                    throw error;
                held.push({
                    operation_ref: ref,
                    operation_id: null,
                    kind: null,
                    state: null,
                    sequence: null,
                    updated_at: null,
                    next: 'it does not verify: `dispatch-ledger verify` names what is wrong',
                    error: error.message
                });
            }
        }
        return held;
    });
}

;// CONCATENATED MODULE: ./src/core/time.ts

/** docs/design/writers.md "Time": entries are dated from 2000 to 9999; anything else is a broken clock. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(10000, 0, 1) - 1000;
/**
 * An entry's timestamp from a clock reading: RFC 3339 UTC, whole seconds (a commit's own
 * timestamp has no finer grain). A clock outside 2000–9999 is an error, never a record: git
 * rejects commits dated before 1970, and such a date is never the truth.
 */
function time_timestampOf(now) {
    const ms = now.getTime();
    if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST)
        throw new errors_InvalidInput(`The clock reads ${Number.isFinite(ms) ? now.toISOString() : 'an invalid time'}, outside ` +
            '2000-01-01 to 9999-12-31. Nothing was written; fix the machine clock (NTP) and run again.');
    return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
/** `45s ago`, `12m ago`, `3h ago`, `5d ago` (the largest unit that is at least 1). */
function age(seconds) {
    if (seconds < 0)
        return 'in the future';
    if (seconds < 60)
        return `${Math.floor(seconds)}s ago`;
    if (seconds < 3600)
        return `${Math.floor(seconds / 60)}m ago`;
    if (seconds < 86400)
        return `${Math.floor(seconds / 3600)}h ago`;
    return `${Math.floor(seconds / 86400)}d ago`;
}
/** Whole seconds from an RFC 3339 time to now. */
function secondsSince(time, now) {
    return Math.floor((now.getTime() - Date.parse(time)) / 1000);
}

;// CONCATENATED MODULE: ./src/core/newRecord.ts


/** A complete record from the fields a caller knows; everything else takes its empty value. */
function newRecord(fields) {
    return {
        schema: RECORD_SCHEMA,
        run_id: fields.run_id,
        ledger_sequence: fields.ledger_sequence,
        previous_record_digest: fields.previous_record_digest,
        state: fields.state,
        occurred_at: fields.occurred_at,
        trigger: fields.trigger,
        actor: fields.actor,
        idempotency: {
            dispatch_key: fields.dispatch_key,
            request_digest: fields.request_digest,
            input_key: fields.input_key ?? null
        },
        attempt: fields.attempt ?? null,
        provider: fields.provider ?? null,
        failure: fields.failure ?? null,
        evidence: fields.evidence ?? [],
        decision: fields.decision ?? null,
        note: fields.note ?? null,
        authority: { ...NO_AUTHORITY },
        writer: fields.writer
    };
}
/** The clock's reading as an entry timestamp (whole seconds, 2000–9999: see timestampOf). */
function nowTimestamp(now = new Date()) {
    return timestampOf(now);
}

;// CONCATENATED MODULE: ./src/core/nextRunRecord.ts
/**
 * The record a request appends to a run, validated against the chain as read: a duplicate
 * when its input_key is already recorded with the same payload, an InputConflict when with
 * another, else the next record, checked against its head
 * (docs/design/states.md#appending). Pure: the caller reads and writes.
 */






/** The fields an input_key's payload is compared on: the state and what the caller gave. */
const PAYLOAD_FIELDS = ['attempt', 'provider', 'failure', 'evidence', 'decision', 'note'];
/**
 * The record `request` appends after the chain, or the one that already holds its input_key
 * (a duplicate). Throws InputConflict (same key, other payload) or the transition's error.
 */
function nextRunRecord_nextRunRecord(chain, current, request) {
    const inputKey = request.fields.input_key;
    const earlier = inputKey
        ? chain.find(entry => entry.value.idempotency.input_key === inputKey)
        : undefined;
    if (earlier) {
        const differs = differingField(earlier.value, request);
        if (differs)
            throw new InputConflict(`The input_key ${JSON.stringify(inputKey)} is already recorded at sequence ` +
                `${earlier.value.ledger_sequence} with a different ${differs}. Nothing was written. ` +
                'Use a new input_key for a different input.');
        return { duplicate: earlier };
    }
    const head = chain[chain.length - 1];
    const next = newRecord({
        ...request.fields,
        attempt: request.fields.attempt ?? defaultAttempt(request.state, current),
        run_id: current.run_id,
        ledger_sequence: current.sequence + 1,
        previous_record_digest: current.head_digest,
        state: request.state,
        occurred_at: request.occurred_at,
        trigger: request.trigger,
        actor: request.actor,
        writer: request.writer,
        dispatch_key: current.dispatch_key,
        request_digest: current.request_digest
    });
    checkAppend(head.value, next, current.head_digest);
    return { record: next };
}
/** Coordinators need not count attempts: a dispatch or failure belongs to the current one. */
function defaultAttempt(state, current) {
    return attempts_nextAttempt(headAttempt(current), state);
}
/**
 * The first field in which a repeated input differs from the record that holds its input_key.
 * An omitted field means its empty value (as newRecord writes it), so leaving a field out is a
 * different payload, not a wildcard. The attempt is the exception: when omitted it is derived
 * from the run's state at the time, which has moved on since.
 */
function differingField(stored, request) {
    if (stored.state !== request.state)
        return 'state';
    for (const field of PAYLOAD_FIELDS) {
        const given = request.fields[field];
        if (given === undefined && field === 'attempt')
            continue;
        const value = given ?? (field === 'evidence' ? [] : null);
        if (canonical_canonicalJson(value) !== canonical_canonicalJson(stored[field] ?? null))
            return field;
    }
    return null;
}

;// CONCATENATED MODULE: ./src/core/receiver.ts
/** External id: every run id any send of the attempt returned, comma-separated, oldest first. */
const CANDIDATE_RUN_IDS = 'candidate_run_ids';
/** External id: `true` once the receiver admission named the run, else `false`. */
const RECEIVER_CONFIRMED = 'receiver_confirmed';
/** External id: the receiver key the intent recorded (the key the receiver admits). */
const receiver_RECEIVER_KEY = 'receiver_key';
/** A GitHub workflow run id as stored: plain decimal, no sign, no leading zero. */
const RUN_ID = /^[1-9][0-9]{0,15}$/;
function isWorkflowRunId(value) {
    return value !== undefined && RUN_ID.test(value);
}
/** The candidates recorded in `ids`; stored values are untrusted, so only plain ids count. */
function receiver_candidateRunIds(ids) {
    const list = ids[CANDIDATE_RUN_IDS];
    if (list === undefined)
        return [];
    return [...new Set(list.split(',').filter(isWorkflowRunId))];
}
/**
 * What a send GitHub accepted records: the run id it returned joins the attempt's candidates,
 * and the attempt stays unconfirmed. `returned` is what the API answered (`workflow_run_id`,
 * `html_url`); neither is recorded as the receiver.
 */
function candidateIds(recorded, returned) {
    const fresh = returned['workflow_run_id'];
    const candidates = receiver_candidateRunIds(recorded);
    if (isWorkflowRunId(fresh) && !candidates.includes(fresh))
        candidates.push(fresh);
    const ids = { [RECEIVER_CONFIRMED]: 'false' };
    if (candidates.length > 0)
        ids[CANDIDATE_RUN_IDS] = candidates.join(',');
    return ids;
}
/** The external ids that name the confirmed receiver. */
function confirmedIds(receiver, runUrl) {
    const ids = {
        receiver_run_id: receiver.receiver_run_id,
        [RECEIVER_CONFIRMED]: 'true'
    };
    if (isWorkflowRunId(receiver.workflow_run_id ?? undefined)) {
        const id = receiver.workflow_run_id;
        ids['workflow_run_id'] = id;
        if (runUrl)
            ids['html_url'] = runUrl(id);
    }
    return ids;
}
function receiver_isConfirmed(attempt) {
    return attempt.external_ids[RECEIVER_CONFIRMED] === 'true';
}
/**
 * The attempt whose receiver a `dispatch` or `plan` step should look up and confirm: the
 * current attempt, accepted by the provider (`submitted`), with a receiver key, not confirmed.
 */
function attemptToConfirm(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    if (current === undefined || state.state !== 'dispatched')
        return null;
    if (current.submission_state !== 'submitted')
        return null;
    if (current.external_ids[receiver_RECEIVER_KEY] === undefined)
        return null;
    return receiver_isConfirmed(current) ? null : current;
}
/**
 * The GitHub workflow runs a cancel stops: the receiver that owns the current attempt's key
 * (read at cancel time, `owner`), and every run id — named or candidate — of every attempt
 * that has not definitely failed.
 */
function workflowRunsToCancel(state, owner) {
    const ids = new Set();
    if (isWorkflowRunId(owner ?? undefined))
        ids.add(owner);
    for (const attempt of state.attempts) {
        if (attempt.failed)
            continue;
        const named = attempt.external_ids['workflow_run_id'];
        if (isWorkflowRunId(named))
            ids.add(named);
        for (const id of receiver_candidateRunIds(attempt.external_ids))
            ids.add(id);
    }
    return [...ids];
}
/**
 * The coordinator attempt a receiver's dispatch key names: the workflow driver sends
 * `inputs.dispatch_key = <run id>/a<attempt>`. Null for any other value.
 */
function coordinatorOf(dispatchKey) {
    if (typeof dispatchKey !== 'string')
        return null;
    const match = /^(.+)\/a([1-9][0-9]{0,5})$/s.exec(dispatchKey);
    if (match === null)
        return null;
    return { run_id: match[1], attempt: Number(match[2]) };
}
/**
 * Whether a dispatch key is a receiver's (docs/design/lifecycle.md): the key a workflow_dispatch
 * run admits when a coordinator sent it (`…/<coordinator run id>/a<attempt>`). recover never
 * asks GitHub to re-run such a run: its conclusion is recorded instead.
 */
function isReceiverKey(dispatchKey) {
    return dispatchKey.startsWith('v1/workflow_dispatch/') && /\/a[1-9][0-9]{0,5}$/.test(dispatchKey);
}

;// CONCATENATED MODULE: ./src/store/journal.ts
/**
 * The one way a chain is read and appended to, for runs and operations alike: read from the
 * arbiter and verified (folded) on read, appended by compare-and-set. Here and only here, so
 * that bounded storage (archiving ended chains, reviving one on append) changes one class: a
 * chain is read by its ref name, and an append may carry extra refs in the same atomic write.
 *
 * The lost-race policy (docs/design/states.md#appending): a compare-and-set that another writer
 * won re-reads the chain, and the writer decides again from what won — never the same record
 * blindly — at most WRITE_TRIES times in all; then the step fails (LostRace) and re-plans.
 */



class Journal {
    options;
    chain;
    folded = null;
    constructor(options, 
    /** The chain as the caller already read it (verified again here); undefined: not read. */
    entries) {
        this.options = options;
        this.chain = null;
        if (entries !== undefined)
            this.set(entries);
    }
    get ref() {
        return this.options.ref;
    }
    /** The folded state; null while the chain does not exist (or was not read). */
    get state() {
        return this.folded;
    }
    get entries() {
        return this.chain ?? [];
    }
    get head() {
        return this.chain?.[this.chain.length - 1] ?? null;
    }
    /** Reads the chain at the arbiter again (never a cached copy: it is read to decide). */
    async reload() {
        const { store, ref, chain } = this.options;
        this.set(await store.read(reader => reader.readChain(ref, chain, { refresh: true })));
        return this.folded;
    }
    /** Create-only: false when another writer created the chain first (then re-read). */
    async create(record) {
        this.refuseBroken(record, []);
        const [oid] = (await this.options.store.writeEntries([
            this.options.chain.commit(record, null)
        ]));
        if ((await this.options.store.createRefs([{ ref: this.ref, oid }])) === 'exists') {
            await this.reload();
            return false;
        }
        this.set([{ oid, value: record, json: canonical_canonicalJson(record) }]);
        return true;
    }
    /** Writes the record's commit on the head (not yet visible) and returns its id. */
    async write(record) {
        const parent = this.requireHead().oid;
        this.refuseBroken(record, this.entries);
        const [oid] = (await this.options.store.writeEntries([
            this.options.chain.commit(record, parent)
        ]));
        return oid;
    }
    /** One compare-and-set append; false when another writer moved the head (then re-read). */
    async append(record) {
        const head = this.requireHead();
        const oid = await this.write(record);
        const ended = this.options.chain.ends(record);
        const key = this.options.chain.keyOf(record);
        if ((await this.options.store.advanceRef(this.ref, oid, head.oid, { ended, key })) === 'lost') {
            await this.reload();
            return false;
        }
        this.adopt(oid, record);
        return true;
    }
    /**
     * The record and extra create-only refs in ONE atomic write (`via`: the store's transaction).
     * Only `created` moved the head; every other answer is settled by the caller reading again.
     * A lease refused (`rejected`) is read again at once: when the head is this very record, the
     * write landed and only a copy of it was refused (the transport sent the push again after
     * its answer was lost), so it is `created`. Otherwise the journal is left as the caller read
     * it: the caller reads again and sees the head move.
     */
    async appendWith(record, extra, via) {
        const head = this.requireHead();
        const oid = await this.write(record);
        const outcome = await via({
            tag: extra,
            journal: { ref: this.ref, oid, expected: head.oid },
            ended: this.options.chain.ends(record)
        });
        if (outcome.kind === 'created')
            this.adopt(oid, record);
        if (outcome.kind !== 'rejected')
            return outcome;
        const { store, ref, chain } = this.options;
        const now = await store.read(reader => reader.readChain(ref, chain, { refresh: true }));
        if (now?.[now.length - 1]?.oid !== oid)
            return outcome;
        this.set(now);
        return { kind: 'created' };
    }
    /**
     * The lost-race policy: `decide` from the chain as it is, append what it asks, and when
     * another writer won, decide again from what it wrote — at most WRITE_TRIES times in all.
     */
    async decideAndAppend(decide, lost = rethrow) {
        for (let tries = 1;; tries++) {
            const decision = await decide(this);
            if ('done' in decision)
                return decision.done;
            if (await this.append(decision.append))
                return decision.after(this.head);
            if (tries >= definition_WRITE_TRIES)
                return lost(new errors_LostRace(`Another writer appended to ${this.ref} each of the ${definition_WRITE_TRIES} times this step ` +
                    'decided, so nothing was written. Re-read (command: plan) and decide again.'));
        }
    }
    /** Takes a record another write (the atomic tag push) put at the head. */
    adopt(oid, record) {
        this.set([...this.entries, { oid, value: record, json: canonical_canonicalJson(record) }]);
    }
    /**
     * Throws, before anything is written, when `record` would not verify on top of `entries`: a
     * reader would refuse the whole chain after it, so a decision's mistake stops its own step.
     */
    refuseBroken(record, entries) {
        const problem = appendProblem(this.options.chain, entries.map(entry => entry.value), record, {
            canonical: entries.every(e => e.json !== undefined)
                ? entries.map(e => e.json)
                : undefined
        });
        if (problem !== null)
            throw new IllegalTransition(`Not written to ${this.ref}: ${problem}. Nothing was written.`);
    }
    requireHead() {
        const head = this.head;
        if (head === null)
            throw new Error(`append to ${this.ref} before the chain was read`);
        return head;
    }
    set(chain) {
        this.chain = chain;
        this.folded = chain
            ? foldChain(this.options.chain, chain.map(entry => entry.value), {
                headOid: chain[chain.length - 1]?.oid,
                // The text the reader already holds digests each record without re-encoding it.
                canonical: chain.every(e => e.json !== undefined)
                    ? chain.map(e => e.json)
                    : undefined
            })
            : null;
    }
}
function rethrow(error) {
    throw error;
}

;// CONCATENATED MODULE: ./src/commands/dispatchTarget.ts





function resolveDispatch(options) {
    const derived = deriveDispatch({
        eventName: options.event.name,
        payload: options.event.payload,
        dispatchKey: options.dispatch_key || undefined,
        request: options.request
    });
    const run_id = options.run_id
        ? checkRunId(options.run_id)
        : defaultRunId(derived.dispatch_key, options.writer);
    return {
        ...derived,
        run_id,
        dispatch_key_hash: keyHash(derived.dispatch_key),
        admission_ref: admissionRef(options.namespace, derived.dispatch_key),
        ledger_ref: ledgerRef(options.namespace, run_id)
    };
}
/**
 * docs/design/keys.md: gh-<GITHUB_RUN_ID>-<12 hex of sha256(key)>. A re-run keeps GITHUB_RUN_ID, so it
 * replays its own run; another workflow run gets another id and finds the first one's.
 */
function defaultRunId(dispatchKey, writer) {
    if (writer === null)
        throw new errors_InvalidInput('This process is not a workflow run (GITHUB_RUN_ID is not set), so there is no default ' +
            '`run_id`. Run inside a workflow, or give the `run_id`.');
    return `${defaultRunIdPrefix(writer)}${refs_keyHash(dispatchKey).slice(0, 12)}`;
}

;// CONCATENATED MODULE: ./src/commands/readRun.ts





/** The key names no run yet (one-step dispatch admits it itself). */
class NotAdmitted extends errors_InvalidInput {
}
/**
 * Finds a run and reads its whole chain, with the admission that admits it; unknown runs are an
 * error. By dispatch key it is the newest generation's run (docs/design/generations.md): one listing of the key's
 * admission refs, then one read session for the admissions and the chain. By run id, the chain
 * names the key, and the key's admission is read in the same session (admissionOfRun). Every
 * command that writes to a run reads it here, so a run no admission admits (an orphan) fails
 * closed with OrphanRun before anything is written or sent.
 */
async function readRun(store, namespace, selector) {
    return store.read(async (reader) => {
        let ledger_ref;
        let admitted = null;
        if (selector.by === 'run_id')
            ledger_ref = refs_ledgerRef(namespace, selector.run_id);
        else {
            // The key's generations listed through this session's reader when the store lists that
            // way (the same listing, no `cat-file` of its own); else as a listing of the store's.
            const key = { namespace, dispatch_key: selector.dispatch_key };
            const listing = await listGenerations(listerOf(store, reader), key);
            const found = await readGenerationAdmissions(reader, listing, {
                namespace,
                dispatch_key: selector.dispatch_key
            });
            admitted =
                ownedGeneration(found.generations, selector.owned_by ?? null) ??
                    found.generations[found.generations.length - 1] ??
                    null;
            if (!admitted)
                throw new NotAdmitted(`The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ` +
                    `${found.admission_ref}). Check the \`dispatch_key\` and the \`namespace\`, or admit it first.`);
            ledger_ref = admitted.admission.ledger_ref;
        }
        const chain = await reader.readChain(ledger_ref);
        if (!chain)
            throw new errors_InvalidInput(selector.by === 'run_id'
                ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
                    'Check the `run_id` and the `namespace`.'
                : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
                    `${admitted?.admission.run_id}, whose ledger ${ledger_ref} is missing. A replay of ` +
                    'admit from that run writes its first record.');
        storedNames_checkChainNames(namespace, ledger_ref, chain);
        const first = chain[0].value;
        admitted ??= await generations_admissionOfRun(store, reader, {
            namespace,
            run_id: first.run_id,
            dispatch_key: first.idempotency.dispatch_key
        });
        readRun_checkAdmittedKey(ledger_ref, first, admitted);
        return { ledger_ref, admission: admitted.admission, generation: admitted.generation, chain };
    });
}
/**
 * The chain an admission leads to must be for the key that admission admits: a record 1 that
 * names another key was not written by admit for this admission, and is not followed.
 */
function readRun_checkAdmittedKey(ledger_ref, first, admitted) {
    if (first.idempotency.dispatch_key === admitted.admission.dispatch_key)
        return;
    throw new errors_CorruptEntry(ledger_ref, `record 1 is for dispatch key ${JSON.stringify(first.idempotency.dispatch_key)}, but ` +
        `${admitted.ref} admits this run for ${JSON.stringify(admitted.admission.dispatch_key)}`);
}
/** Kept here for callers that imported it before the run view had its own module. */

/** The newest generation whose default run id is this workflow run's (`gh-<its run id>-…`). */
function ownedGeneration(generations, writer) {
    if (writer === null)
        return undefined;
    const prefix = defaultRunIdPrefix(writer);
    return [...generations].reverse().find(g => g.admission.run_id.startsWith(prefix));
}

;// CONCATENATED MODULE: ./src/commands/selectRun.ts








/**
 * docs/design/writers.md: select a run by run_id, by dispatch_key, or from the event; read, verify and plan it.
 * Sweeps and recovery workflows (schedule, workflow_run) name the run, so they never need
 * the triggering event. Reading fails closed on a stored entry that does not match its name.
 */
async function selectRun_selectRun(store, choice) {
    const { selector, selected_by } = chooseSelector(choice);
    await store.prefetch?.(namesKnown(choice.namespace, selector, choice.writer));
    const found = await readRun(store, choice.namespace, selector);
    const view = runView_viewChain(found.chain);
    if (choice.run_id && choice.dispatch_key && choice.dispatch_key !== view.state.dispatch_key)
        throw new errors_InvalidInput(`Run ${JSON.stringify(choice.run_id)} belongs to dispatch key ` +
            `${JSON.stringify(view.state.dispatch_key)}, not ${JSON.stringify(choice.dispatch_key)}. ` +
            'Give one of the `run_id` and the `dispatch_key`, or both matching.');
    const first = found.chain[0]?.value;
    const owner = ownsRun({ run_id: view.state.run_id, first_writer: first?.writer ?? null }, choice.writer);
    return { ...found, view, selected_by, owner };
}
/**
 * docs/design/writers.md: a run selected from the event may be written only by the workflow run that owns
 * it; naming it by run_id or dispatch_key acts on it deliberately (a recovery or operator job).
 * `dispatch` does nothing when this is false; `record` fails (see requireMayAct).
 */
function mayAct(selected) {
    return selected.selected_by !== 'event' || selected.owner;
}
/** Throws NotOwner, naming the owner and the deliberate way, unless mayAct(selected). */
function selectRun_requireMayAct(selected, what) {
    if (mayAct(selected))
        return;
    const owner = selected.view.state.run_id;
    const writer = selected.chain[0]?.value.writer;
    throw new NotOwner(`This workflow run does not own run ${owner}` +
        (writer ? ` (admitted by workflow run ${writer.github_run_id})` : '') +
        `, so it did not ${what}; nothing was written. The run was selected from the event, ` +
        'which acts only for the owner. To act on another run deliberately (a recovery or ' +
        'operator job), give its `run_id`.', owner);
}
/**
 * The names a read will need, known before it starts, so a remote store brings them in one
 * fetch (docs/design/storage.md#what-a-read-fetches): by key, the key's admission and the
 * ledger this workflow run would own (gh-<run id>-…, the common case of a step after admit).
 */
function namesKnown(namespace, selector, writer) {
    if (selector.by === 'run_id')
        return [refs_ledgerRef(namespace, selector.run_id)];
    const admission = refs_admissionRef(namespace, selector.dispatch_key);
    if (writer === null)
        return [admission];
    return [admission, refs_ledgerRef(namespace, defaultRunId(selector.dispatch_key, writer))];
}
function chooseSelector(choice) {
    if (choice.run_id)
        return { selector: { by: 'run_id', run_id: text_checkRunId(choice.run_id) }, selected_by: 'run_id' };
    if (choice.dispatch_key)
        return {
            selector: { by: 'dispatch_key', dispatch_key: checkDispatchKey(choice.dispatch_key) },
            selected_by: 'dispatch_key'
        };
    if (!choice.event?.name)
        throw new errors_InvalidInput('No run was named and there is no event to derive its key from. Give the `run_id` or ' +
            'the `dispatch_key`.');
    const derived = dispatchKey_deriveDispatch({ eventName: choice.event.name, payload: choice.event.payload });
    return {
        selector: { by: 'dispatch_key', dispatch_key: derived.dispatch_key, owned_by: choice.writer },
        selected_by: 'event'
    };
}

;// CONCATENATED MODULE: ./src/commands/record.ts












/**
 * `command: record`: select the run (docs/design/writers.md ownership applies when it is selected from the
 * event), validate the new record against its head, and append it by compare-and-set.
 */
async function recordCommand(options, { store, clock }) {
    const state = StateSchema.safeParse(options.state);
    if (!state.success)
        throw new InvalidInput(`The \`state\` must be one of ${STATES.join(', ')}; got ${JSON.stringify(options.state)}.`);
    const fields = parseRecordFields(options.fields);
    const occurred_at = timestampOf(clock.now());
    const selected = await selectRun(store, options);
    requireMayAct(selected, `record ${state.data}`);
    const appended = await appendRecord(store, {
        ledger_ref: selected.ledger_ref,
        state: state.data,
        fields,
        occurred_at,
        trigger: triggerFor(options.event.name),
        actor: actorFrom(options.event.payload),
        writer: options.writer
    }, selected.chain);
    return { ...appended, selected, view: viewChain(appended.chain) };
}
const RECORD_EXAMPLE = '{"note": "checked by hand"}';
/** The `record` fields: a JSON object of the fields a caller may set, authority never. */
function parseRecordFields(value) {
    if (value === undefined)
        return {};
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new InvalidInput(`The \`record\` must be a JSON object, for example ${RECORD_EXAMPLE}.`);
    if ('authority' in value)
        throw new InvalidInput('The `record` may not set authority: a record is evidence, never a grant, and every ' +
            'authority flag is false. Remove the authority field.');
    const proto = findProtoKey(value);
    if (proto !== null)
        throw new InvalidInput(`The \`record\` is invalid: ${proto} is a field named __proto__, which would be lost when ` +
            'stored. Rename it.');
    return parseOrThrow(RecordInputSchema, value, 'The `record`');
}
/**
 * Append one record (docs/design/states.md#appending): verify the chain as read, validate the
 * new record against its head, write it with the head as parent and move the ref only if it
 * still points at that head. The record is the caller's, so a lost race cannot be decided
 * again here: it is reported (LostRace), and the caller re-reads and re-plans.
 */
async function appendRecord(store, request, chain) {
    const journal = new Journal({ store, ref: request.ledger_ref, chain: reconstruct_RUN_CHAIN }, [...chain]);
    const read = journal.state;
    return journal.decideAndAppend(ledger => {
        if (ledger.head?.oid !== read.head_oid)
            throw new errors_LostRace(`Another writer appended to ${request.ledger_ref} after sequence ${read.sequence} was ` +
                'read, so this record was not written. Re-read the run (command: plan) and decide again; ' +
                'nothing is retried blindly.');
        const next = nextRunRecord_nextRunRecord(ledger.entries, read, request);
        if ('duplicate' in next)
            return { done: { record: next.duplicate, duplicate: true, chain: [...ledger.entries] } };
        return {
            append: next.record,
            after: record => ({ record, duplicate: false, chain: [...ledger.entries] })
        };
    });
}

;// CONCATENATED MODULE: ./src/commands/receiver.ts
/**
 * Reading the receiver side of the workflow driver at the arbiter
 * (docs/design/dispatch.md#the-recorded-receiver): who admitted an attempt's receiver key, and
 * whether a coordinator was cancelled before its receiver started.
 */










/**
 * The receiver that admitted `key`, or null when none has yet: one read of its admission and
 * its ledger. The workflow run is the writer of the receiver's first record (the run that won
 * the admission), not a run id parsed from a name a caller could choose.
 */
async function findReceiver(store, namespace, key) {
    return store.read(async (reader) => {
        const ref = refs_admissionRef(namespace, key);
        const found = await reader.readAdmission(ref);
        if (found === null)
            return null;
        const admission = checkAdmissionNames(namespace, ref, found.value);
        const chain = await reader.readChain(admission.ledger_ref);
        if (chain !== null)
            storedNames_checkChainNames(namespace, admission.ledger_ref, chain);
        const writer = chain?.[0]?.value.writer ?? null;
        return { receiver_run_id: admission.run_id, workflow_run_id: writer?.github_run_id ?? null };
    });
}
/**
 * When the run's current attempt was accepted but its receiver not yet confirmed, looks the
 * receiver admission up and, when a receiver has admitted, appends the submission update that
 * names it. Returns the chain as it is now (unchanged when there is nothing to confirm).
 */
async function confirmReceiver(store, ledger_ref, chain, options) {
    const attempt = attemptToConfirm(runView_verifiedState(chain));
    if (attempt === null)
        return chain;
    const key = attempt.external_ids[receiver_RECEIVER_KEY];
    const receiver = await findReceiver(store, options.namespace, key);
    if (receiver === null)
        return chain;
    const appended = await appendRecord(store, { ledger_ref, ...confirmation(attempt, receiver, options) }, chain);
    return appended.chain;
}
/**
 * The submission update that names an attempt's receiver: what a plan step appends after the
 * fact, and what the receiver writes with its own admission (decideReceiver).
 */
function confirmation(attempt, receiver, by) {
    return {
        state: 'dispatched',
        fields: {
            provider: {
                driver: attempt.driver ?? 'workflow',
                submission_state: 'submitted',
                external_ids: confirmedIds(receiver, by.runUrl)
            }
        },
        occurred_at: time_timestampOf(by.clock.now()),
        trigger: 'provider_observation',
        actor: by.actor,
        writer: by.writer
    };
}
/**
 * Whether the coordinator run a receiver's key names has been cancelled: a run GitHub starts
 * after its coordinator was cancelled must do no work. False when there is no such run in this
 * namespace (the dispatch key was chosen by hand). A coordinator ledger that does not verify
 * fails closed (throws), so a receiver never works on a broken premise.
 */
async function coordinatorCancelled(store, namespace, run_id) {
    const ref = ledgerRef(namespace, run_id);
    const chain = await store.read(reader => reader.readChain(ref));
    if (chain === null || chain.length === 0)
        return false;
    checkChainNames(namespace, ref, chain);
    return verifiedState(chain).state === 'cancelled';
}
async function decideReceiver(store, of) {
    const ref = ledgerRef(of.namespace, of.coordinator.run_id);
    // The chain and its admission in one session (one reader).
    const read = await store.read(async (reader) => {
        const chain = await reader.readChain(ref, RUN_CHAIN, { refresh: of.refresh });
        if (chain === null || chain.length === 0)
            return null;
        checkChainNames(of.namespace, ref, chain);
        const state = verifiedState(chain);
        // A run is written only through its admission: an orphan coordinator fails closed here.
        if (state.state !== 'cancelled')
            await admissionOfRun(store, reader, {
                namespace: of.namespace,
                run_id: state.run_id,
                dispatch_key: state.dispatch_key
            });
        return { chain, state };
    });
    if (read === null)
        return { kind: 'unknown' };
    const { chain, state } = read;
    if (state.state === 'cancelled')
        return { kind: 'cancelled' };
    const attempt = state.attempts.find(a => a.number === of.coordinator.attempt);
    if (state.state !== 'dispatched' ||
        state.current_attempt !== of.coordinator.attempt ||
        attempt === undefined ||
        attempt.external_ids[RECEIVER_KEY] !== of.dispatch_key ||
        isConfirmed(attempt))
        return { kind: 'nothing' };
    // It names only this receiver and the workflow run writing it: its writer's own id.
    const receiver = {
        receiver_run_id: of.receiver_run_id,
        workflow_run_id: of.writer?.github_run_id ?? null
    };
    const next = nextRunRecord(chain, state, confirmation(attempt, receiver, of));
    if ('duplicate' in next)
        return { kind: 'nothing' };
    const head = chain[chain.length - 1].oid;
    const [oid] = (await store.writeEntries([recordCommit(next.record, head)]));
    return { kind: 'confirm', advance: { ref, next: oid, expected: head } };
}

;// CONCATENATED MODULE: ./src/commands/plan.ts





/**
 * `command: plan`: select a run, reconstruct it from its ledger (verifying the chain) and plan
 * the one safe next action. Any workflow run may plan any run. Its one write: when `confirm` is
 * given and a receiver has admitted an attempt the ledger holds only candidates for, it
 * records the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
async function planCommand(choice, { store, clock, github }) {
    const selected = await selectRun_selectRun(store, choice);
    if (choice.confirm === undefined)
        return { ...selected, confirm_warning: null };
    try {
        const chain = await confirmReceiver(store, selected.ledger_ref, selected.chain, {
            namespace: choice.namespace,
            writer: choice.confirm.writer,
            actor: choice.event ? dispatchKey_actorFrom(choice.event.payload) : null,
            clock,
            runUrl: github?.runUrl ?? null
        });
        if (chain === selected.chain)
            return { ...selected, confirm_warning: null };
        return { ...selected, chain, view: runView_viewChain(chain), confirm_warning: null };
    }
    catch (error) {
        // Planning never fails for want of a write: a read-only job still gets its plan.
        if (!(error instanceof DispatchLedgerError))
            throw error;
        return {
            ...selected,
            confirm_warning: `The receiver's run could not be recorded now (${error.message}); a later plan or dispatch records it.`
        };
    }
}

;// CONCATENATED MODULE: ./src/cli/format.ts
/**
 * How the command line prints (docs/cli.md): aligned columns, relative ages, colour only on a
 * terminal that has not asked for none (NO_COLOR), and every stored value made inert first.
 */


const CODES = {
    bold: '1',
    dim: '2',
    red: '31',
    green: '32',
    yellow: '33',
    cyan: '36'
};
/** Colour on a TTY only, never with NO_COLOR set (any value), nor with TERM=dumb. */
function styleFor(stream, env) {
    const on = stream.isTTY === true && env.NO_COLOR === undefined && env.TERM !== 'dumb';
    return {
        paint: (colour, text) => (on && text !== '' ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text)
    };
}
/**
 * A cell's text as a terminal may show it: a stored value's control characters (an escape
 * sequence could rewrite the screen, a bidirectional control reorder it) as their codes.
 */
function inert(rows) {
    return rows.map(row => row.map(cell => ({ ...cell, text: escapeControls(cell?.text ?? '') })));
}
/**
 * Columns padded to their widest cell (by code point, uncoloured), two spaces apart; every
 * cell's text is made inert first, so a caller cannot forget to.
 */
function table(header, given, style) {
    const rows = inert(given);
    const widths = header.map((h, i) => Math.max([...h].length, ...rows.map(r => [...(r[i]?.text ?? '')].length)));
    const line = (cells) => cells
        .map((cell, i) => {
        const pad = i === cells.length - 1 ? '' : ' '.repeat((widths[i] ?? 0) - [...cell.text].length);
        return (cell.colour ? style.paint(cell.colour, cell.text) : cell.text) + pad;
    })
        .join('  ')
        .trimEnd();
    return [line(header.map(text => ({ text, colour: 'bold' }))), ...rows.map(line)].join('\n');
}
/** `1 run`, `2 runs`. */
function count(n, noun, plural = `${noun}s`) {
    return `${n} ${n === 1 ? noun : plural}`;
}
/** `text` cut to `width` code points with an ellipsis, keeping its start (or its end). */
function cut(text, width, keep = 'start') {
    const points = [...text];
    if (points.length <= width)
        return text;
    if (width <= 1)
        return '…'.slice(0, width);
    return keep === 'start'
        ? `${points.slice(0, width - 1).join('')}…`
        : `…${points.slice(points.length - width + 1).join('')}`;
}
/**
 * A table no wider than `fit.width`: the shrinkable columns are cut, in order, down to their
 * minimum; then columns are left out, in order, until it fits (the last column kept always).
 */
function fittedTable(header, given, style, fit) {
    // Measured as printed: an escape is wider than the character it shows.
    const rows = inert(given);
    let columns = header.map((_, i) => i);
    const natural = (i) => Math.max([...(header[i] ?? '')].length, ...rows.map(r => [...(r[i]?.text ?? '')].length));
    const widths = new Map(columns.map(i => [i, natural(i)]));
    const total = () => columns.reduce((sum, i) => sum + (widths.get(i) ?? 0), 0) + 2 * (columns.length - 1);
    const shrinkAll = () => {
        for (const { column, min } of fit.shrink) {
            if (!columns.includes(column))
                continue;
            const over = total() - fit.width;
            if (over <= 0)
                return;
            const now = widths.get(column) ?? 0;
            widths.set(column, Math.max(Math.min(min, now), now - over));
        }
    };
    shrinkAll();
    for (const column of fit.drop) {
        if (total() <= fit.width || columns.length <= 1)
            break;
        columns = columns.filter(i => i !== column);
        for (const i of columns)
            widths.set(i, natural(i));
        shrinkAll();
    }
    const keepOf = (i) => fit.shrink.find(s => s.column === i)?.keep ?? 'start';
    const pick = (cells) => columns.map(i => cells[i]);
    return table(pick(header).map((h, j) => cut(h, widths.get(columns[j]) ?? 0)), rows.map(row => pick(row).map((cell, j) => {
        const i = columns[j];
        return { ...cell, text: cut(cell?.text ?? '', widths.get(i) ?? 0, keepOf(i)) };
    })), style);
}
/**
 * The width a table is fitted to: the terminal's, else COLUMNS, else 80 (a pipe or a file:
 * `--json` is the form for programs, and 80 columns reads anywhere).
 */
function widthFor(stream, env) {
    if (stream.isTTY === true && typeof stream.columns === 'number' && stream.columns > 0)
        return stream.columns;
    const given = Number(env.COLUMNS);
    return Number.isInteger(given) && given > 0 ? given : 80;
}
/**
 * Prose wrapped to `width` columns at spaces, each line after the first indented by `indent`;
 * a word longer than a line is broken, so no line is ever wider.
 */
function wrap(text, width, indent = '') {
    const room = Math.max(width - [...indent].length, 8);
    const lines = [];
    let line = '';
    const flush = () => {
        lines.push(line);
        line = '';
    };
    for (let word of text.split(/\s+/).filter(Boolean)) {
        while ([...word].length > room) {
            if (line)
                flush();
            lines.push([...word].slice(0, room).join(''));
            word = [...word].slice(room).join('');
        }
        if (line && [...line].length + 1 + [...word].length > (lines.length === 0 ? width : room))
            flush();
        line = line ? `${line} ${word}` : word;
    }
    if (line || lines.length === 0)
        flush();
    return lines.map((l, i) => (i === 0 ? l : `${indent}${l}`)).join('\n');
}

;// CONCATENATED MODULE: ./src/cli/showView.ts
/**
 * `dispatch-ledger show`: one run as the plan command reads it (no confirmation: the command
 * line never writes), with its records, its receiver admission and its key's generations.
 */













/** A name that is no run id the store holds and no admitted key: exit 1, saying so. */
class UnknownRun extends DispatchLedgerError {
    constructor(message) {
        super('unknown_run', message);
    }
}
/** An operation id with a chain (a tag, a release, … made by effect), or null. */
async function operationNamed(argument, { store, namespace }) {
    try {
        const operation = await readOperation({ namespace, operation_id: argument }, { store });
        return operation ? { operation } : null;
    }
    catch (error) {
        // Not an operation id at all (its name cannot be one): it is no operation.
        if (error instanceof DispatchLedgerError && error.code === 'invalid_input')
            return null;
        throw error;
    }
}
/** An operation, as status lists it: its kind, state and what happens next. */
function showOperation(operation, context) {
    if (context.json) {
        context.printJson(operation);
        return 0;
    }
    context.print(heading([
        ['operation', operation.operation_id ?? ''],
        ['ref', operation.operation_ref],
        ['kind', operation.kind ?? ''],
        ['state', `${operation.state}, record ${operation.sequence}`],
        [operation.held ? 'an operator must' : 'next', operation.next]
    ], context.style));
    return 0;
}
/**
 * Labelled lines, the labels aligned and bold; every value made inert here, where it is
 * printed (run ids, keys and reasons are stored text).
 */
function heading(rows, style) {
    const width = Math.max(...rows.map(([k]) => k.length));
    return rows
        .map(([k, v]) => `${style.paint('bold', k.padEnd(width))}  ${escapeControls(v)}`)
        .join('\n');
}
async function showCommand(context) {
    const selector = await selectorFor(context.parsed.argument, context);
    if ('operation' in selector)
        return showOperation(selector.operation, context);
    const { store, namespace, clock } = context;
    const planned = await planCommand({ namespace, writer: null, ...selector }, { store, clock });
    const { view, chain } = planned;
    const generations = await readGenerations(store, {
        namespace,
        dispatch_key: view.state.dispatch_key
    });
    const receiverKey = view.state.attempts.find(a => a.number === view.state.current_attempt)
        ?.external_ids[receiver_RECEIVER_KEY];
    const receiver = receiverKey ? await findReceiver(store, namespace, receiverKey) : null;
    const shown = {
        run_id: view.state.run_id,
        dispatch_key: view.state.dispatch_key,
        ledger_ref: planned.ledger_ref,
        admission_ref: refs_admissionRef(namespace, view.state.dispatch_key),
        generation: planned.generation,
        // The state's name, as status --json says it; the whole reconstruction is `run`.
        state: view.state.state,
        terminal: view.state.terminal,
        sequence: view.state.sequence,
        run: view.state,
        plan: view.plan,
        records: chain.map(entry => recordRow(entry, context.serverUrl)),
        receiver: receiverKey ? { receiver_key: receiverKey, admitted: receiver } : null,
        generations: generations.generations.map(g => ({
            generation: g.generation,
            run_id: g.admission.run_id,
            admitted_at: g.admission.admitted_at,
            ref: g.ref
        })),
        mermaid: mermaid(chain, view.state.terminal)
    };
    if (context.json)
        context.printJson(shown);
    else if (context.parsed.values.mermaid)
        context.print(shown.mermaid);
    else
        context.print(showText(shown, context));
    return 0;
}
/**
 * What the argument names: an event file when one is there, else a run id the store holds,
 * else an admitted dispatch key; anything else is an unknown run (exit 1).
 */
async function selectorFor(argument, context) {
    const { store, namespace } = context;
    if ((await (0,promises_namespaceObject.stat)(argument).catch(() => null))?.isFile()) {
        const event = await loadEventFile(argument, eventName(context));
        return {
            dispatch_key: dispatchKey_deriveDispatch({ eventName: event.name, payload: event.payload }).dispatch_key
        };
    }
    const asRun = text_checkRunId(argument);
    const chain = await store.read(reader => reader.readChain(refs_ledgerRef(namespace, asRun)));
    if (chain)
        return { run_id: asRun };
    const key = await readGenerations(store, { namespace, dispatch_key: argument }).catch(() => null);
    if (key && key.generations.length > 0)
        return { dispatch_key: argument };
    const operation = await operationNamed(argument, context);
    if (operation)
        return operation;
    // Not readable as a run: an admitted run whose ledger is gone says so, not "no run".
    const missing = (await missingLedgers({ namespace }, { store }, null)).find(m => m.run_id === argument || m.dispatch_key === argument);
    if (missing)
        throw new UnknownRun(`Run ${argument} cannot be read: ${missing.problem}`);
    throw new UnknownRun(`There is no run ${quoted(argument)} in ${namespace} at ${store.name}: it is no run id ` +
        'there, no admitted dispatch key, and no event file. `dispatch-ledger status --all` lists ' +
        'every run; check --namespace and --remote.');
}
function eventName(context) {
    const value = context.parsed.values['event-name'];
    return typeof value === 'string' ? value : undefined;
}
function recordRow(entry, serverUrl) {
    const r = entry.value;
    return {
        sequence: r.ledger_sequence,
        state: r.state,
        occurred_at: r.occurred_at,
        trigger: r.trigger,
        writer: r.writer,
        workflow_run_url: workflowRunUrl(serverUrl, r.writer),
        attempt: r.attempt?.number ?? null,
        submission_state: r.provider?.submission_state ?? null,
        external_ids: r.provider?.external_ids ?? {},
        failure: r.failure,
        decision: r.decision,
        note: r.note,
        oid: entry.oid
    };
}
/**
 * The run's path through its states as a mermaid state diagram (state names are the schema's
 * words, so nothing stored reaches the diagram but them; each line is made inert all the same).
 */
function mermaid(chain, terminal) {
    const lines = ['stateDiagram-v2'];
    let previous = '[*]';
    for (const { value } of chain) {
        lines.push(escapeControls(`    ${previous} --> ${value.state}: ${value.ledger_sequence}`));
        previous = value.state;
    }
    if (terminal)
        lines.push(`    ${previous} --> [*]`);
    return lines.join('\n');
}
function showText(shown, { style, clock }) {
    const { plan, run: state } = shown;
    const gate = [
        plan.authority_required ? `gate: ${plan.authority_required}` : null,
        plan.blind_resubmission_forbidden ? 'blind resubmission forbidden' : null
    ].filter(Boolean);
    const head = [
        ['run id', shown.run_id],
        ['dispatch key', shown.dispatch_key],
        ['ledger', shown.ledger_ref],
        ['admission', `${shown.admission_ref} (generation ${shown.generation})`],
        [
            'state',
            `${state.state}, record ${state.sequence}, ${state.terminal ? 'ended' : 'not ended'}, ` +
                age(secondsSince(state.updated_at, clock.now()))
        ],
        ['next action', `${plan.action}${gate.length ? ` (${gate.join('; ')})` : ''}`],
        ['reason', plan.reason],
        ['receiver', receiverText(shown.receiver)]
    ];
    return [
        heading(head, style),
        '',
        table(['SEQ', 'STATE', 'TIME', 'WRITER', 'ATTEMPT', 'SUBMISSION', 'EXTERNAL IDS'], shown.records.map(r => [
            { text: String(r.sequence) },
            { text: r.state },
            { text: r.occurred_at, colour: 'dim' },
            { text: r.workflow_run_url ?? (r.writer ? `run ${r.writer.github_run_id}` : '') },
            { text: r.attempt === null ? '' : String(r.attempt) },
            { text: r.submission_state ?? '' },
            {
                text: Object.entries(r.external_ids)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(' ')
            }
        ]), style),
        '',
        table(['GENERATION', 'RUN ID', 'ADMITTED AT'], shown.generations.map(g => [
            { text: String(g.generation) },
            { text: g.run_id },
            { text: g.admitted_at, colour: 'dim' }
        ]), style)
    ].join('\n');
}
function receiverText(receiver) {
    if (receiver === null)
        return 'none (the current attempt names no receiver key)';
    if (receiver.admitted === null)
        return `not admitted yet (receiver key ${receiver.receiver_key})`;
    const run = receiver.admitted.workflow_run_id;
    return `${receiver.admitted.receiver_run_id}${run ? ` (workflow run ${run})` : ''}`;
}

;// CONCATENATED MODULE: ./src/core/observation.ts
/**
 * docs/design/lifecycle.md: how a run ends when its work ends. Pure: what an observer records
 * once the receiver's workflow run has concluded, on the coordinator's run and on the
 * receiver's own run. Every observer (recover on the receiver's workflow_run, scan's sweep, a
 * later event looking on demand) decides with these functions from the same facts, so they
 * write the same records, and whichever comes second finds the run past observe_provider and
 * writes nothing.
 */



/** The on-success input: decide (end the run approved) or verify (the verification route). */
const ON_SUCCESS = (/* unused pure expression or super */ null && (['decide', 'verify']));
/** Who decides a successful receiver's run, and a receiver's own run. */
const ON_SUCCESS_POLICY = (/* unused pure expression or super */ null && (`${POLICY_PREFIX}on-success`));
const RECEIVER_POLICY = (/* unused pure expression or super */ null && (`${POLICY_PREFIX}receiver-conclusion`));
/** Conclusions that fail the attempt (retryable: a later event, or `/ledger retry`, sends again). */
const FAILED_CONCLUSIONS = (/* unused pure expression or super */ null && (['failure', 'timed_out', 'startup_failure', 'cancelled']));
function observation_classifyReceiver(run) {
    if (run.conclusion === null || (run.status !== null && run.status !== 'completed'))
        return { kind: 'working' };
    if (run.conclusion === 'success')
        return { kind: 'succeeded' };
    const failed = FAILED_CONCLUSIONS.includes(run.conclusion);
    if (failed)
        return { kind: 'failed', conclusion: run.conclusion };
    return { kind: 'unclear', conclusion: run.conclusion };
}
/**
 * The workflow run a coordinator's run waits on, or null when it waits on none an observer can
 * look at: not at observe_provider, another driver, or a receiver that has not admitted yet
 * (only the run that admitted is the one that works, docs/design/dispatch.md; an attempt whose
 * receiver never admits is watched through its candidates, unconfirmedReceiver).
 */
function observation_awaitedReceiver(state) {
    const current = acceptedAttempt(state);
    if (current === null || !receiver_isConfirmed(current))
        return null;
    const id = current.external_ids['workflow_run_id'];
    if (!isWorkflowRunId(id))
        return null;
    return {
        attempt: current.number,
        workflow_run_id: id,
        receiver_key: current.external_ids[receiver_RECEIVER_KEY] ?? null,
        html_url: current.external_ids['html_url'] ?? null
    };
}
/**
 * The current attempt when it was accepted but no receiver has admitted it, with the runs the
 * dispatch answers named; null otherwise, or when no answer named a run (nothing to look at).
 * A receiver that dies before its admit step (startup_failure, cancelled while queued, a step
 * that fails first) never confirms itself: its conclusion is read through these runs.
 */
function observation_unconfirmedReceiver(state) {
    const current = acceptedAttempt(state);
    // A receiver key marks the workflow driver's fence: only there does a receiver confirm.
    if (current === null || isConfirmed(current))
        return null;
    const receiverKey = current.external_ids[RECEIVER_KEY];
    if (receiverKey === undefined)
        return null;
    const candidates = candidateRunIds(current.external_ids);
    if (candidates.length === 0)
        return null;
    return {
        attempt: current.number,
        candidates,
        receiver_key: receiverKey
    };
}
/**
 * The workflow runs an observer looks up for a run: its confirmed receiver's, else its
 * unconfirmed attempt's candidates; empty when it waits on none.
 */
function observation_watchedRuns(state) {
    const awaited = observation_awaitedReceiver(state);
    if (awaited)
        return [awaited.workflow_run_id];
    return observation_unconfirmedReceiver(state)?.candidates ?? [];
}
/** The current attempt, when the run is dispatched and the provider accepted it. */
function acceptedAttempt(state) {
    if (state.state !== 'dispatched')
        return null;
    const current = currentAttempt(state);
    // Only an accepted attempt has a receiver (an ambiguous one is reconciled first).
    return current?.submission_state === 'submitted' ? current : null;
}
function currentAttempt(state) {
    return state.attempts.find(a => a.number === state.current_attempt);
}
/**
 * What the coordinator's run records for its receiver's conclusion, oldest first: success →
 * candidate_observed (the run's URL and conclusion as evidence) and, unless on-success is
 * verify, decided by policy in the same write; a failure → attempt_failed, retryable. Nothing
 * for a run still working or concluded unclearly, nor for a run no longer waiting on what was
 * seen (another observer wrote first, or the run was cancelled).
 *
 * An attempt no receiver admitted fails once every run it was sent as has concluded (`seen`
 * must hold them all): `receiver_<conclusion>` of the newest for a failed one, and
 * `receiver_unconfirmed` for one that concluded otherwise (success, neutral, skipped…), since a
 * receiver that does the work admits first — its work was never done under the fence.
 */
function observation_coordinatorRecords(state, seen, options) {
    const runs = Array.isArray(seen) ? seen : [seen];
    const awaited = observation_awaitedReceiver(state);
    if (awaited === null)
        return unconfirmedRecords(state, runs, options);
    const run = runs.find(r => r.id === awaited.workflow_run_id);
    if (run === undefined)
        return [];
    const concluded = observation_classifyReceiver(run);
    const note = `receiver workflow run ${run.id} concluded ${String(run.conclusion)}`;
    switch (concluded.kind) {
        case 'working':
        case 'unclear':
            return [];
        case 'failed':
            return [failedRecord(state, awaited.attempt, receiverFailure(concluded.conclusion), note)];
        case 'succeeded': {
            const observed = {
                state: 'candidate_observed',
                fields: { evidence: [evidenceOf(run)], note }
            };
            if (options.onSuccess === 'verify')
                return [observed];
            return [
                observed,
                {
                    state: 'decided',
                    fields: { decision: { outcome: 'approved', by: ON_SUCCESS_POLICY }, note }
                }
            ];
        }
    }
}
/** `failure.code` of an attempt whose runs all concluded with no receiver admitting it. */
const RECEIVER_UNCONFIRMED = 'receiver_unconfirmed';
/** The unconfirmed attempt's failure, once every one of its runs has concluded. */
function unconfirmedRecords(state, runs, options) {
    const unconfirmed = observation_unconfirmedReceiver(state);
    if (unconfirmed === null || options.receiverAdmitted === true)
        return [];
    const ended = [];
    for (const id of unconfirmed.candidates) {
        const run = runs.find(r => r.id === id);
        if (run === undefined || observation_classifyReceiver(run).kind === 'working')
            return [];
        ended.push(run);
    }
    const newest = ended[ended.length - 1];
    const concluded = observation_classifyReceiver(newest);
    const failure = concluded.kind === 'failed'
        ? receiverFailure(concluded.conclusion)
        : { code: RECEIVER_UNCONFIRMED, classification: 'provider', retryable: true };
    const what = ended.map(r => `${r.id} concluded ${String(r.conclusion)}`).join(', ');
    const note = `receiver workflow run${ended.length > 1 ? 's' : ''} ${what} before any receiver ` +
        `admitted attempt ${unconfirmed.attempt}`;
    return [failedRecord(state, unconfirmed.attempt, failure, note)];
}
function failedRecord(state, attempt, failure, note) {
    return {
        state: 'attempt_failed',
        fields: { attempt: { number: attempt, reason: attemptReason(state, attempt) }, failure, note }
    };
}
/**
 * Driver `command` (docs/design/lifecycle.md#driver-command): its `lookup` command may print a
 * `conclusion` among the JSON strings of its last line, `success` or `failure`, and then a
 * `concluded_at` (RFC 3339) for when the work ended. Any other value says nothing.
 */
const LOOKUP_CONCLUSIONS = (/* unused pure expression or super */ null && (['success', 'failure']));
/** The current attempt, when a command driver sent it and the provider accepted it. */
function commandAttempt(state) {
    const current = acceptedAttempt(state);
    return current?.driver === 'command' ? current : null;
}
/**
 * What the coordinator's run records for what a command driver's lookup found (`found`, its
 * JSON strings): `conclusion` success → candidate_observed (the lookup's answer as evidence)
 * and, unless on-success is verify, decided by policy; failure → attempt_failed
 * `receiver_failure`, retryable — as for a receiver's workflow run. Nothing without a
 * conclusion, or once the run is past its accepted command attempt.
 */
function observation_lookupRecords(state, found, options) {
    const attempt = commandAttempt(state);
    const conclusion = found['conclusion'];
    if (attempt === null || conclusion === undefined)
        return [];
    const note = `the lookup command reported attempt ${attempt.number} concluded ${conclusion}`;
    if (conclusion === 'failure')
        return [failedRecord(state, attempt.number, receiverFailure('failure'), note)];
    if (conclusion !== 'success')
        return [];
    const observed = {
        state: 'candidate_observed',
        fields: {
            evidence: [
                {
                    kind: 'command_lookup:success',
                    uri: `lookup:${state.run_id}/a${attempt.number}`,
                    digest: digestOf({ ...found })
                }
            ],
            note
        }
    };
    if (options.onSuccess === 'verify')
        return [observed];
    return [
        observed,
        { state: 'decided', fields: { decision: { outcome: 'approved', by: ON_SUCCESS_POLICY }, note } }
    ];
}
/**
 * When a command's work ended, as its lookup said (`concluded_at`), never later than `now`:
 * a provider's time in the future must not hold a later event back. null when it gave none
 * usable (then the observation is dated `now`).
 */
function observation_lookupConcludedAt(found, now) {
    const given = found['concluded_at'];
    if (given === undefined || !RFC3339.test(given))
        return null;
    const at = observation_observedAt({ updated_at: given });
    return at === null ? null : at.getTime() > now.getTime() ? now : at;
}
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
/**
 * The receiver's own run ended by its conclusion (approved on success, rejected otherwise), so
 * it leaves the list of work not ended; null while it works, or when it is not at admitted.
 */
function observation_receiverRecord(state, run) {
    if (state.state !== 'admitted')
        return null;
    const concluded = observation_classifyReceiver(run);
    if (concluded.kind === 'working')
        return null;
    return {
        state: 'decided',
        fields: {
            decision: {
                outcome: concluded.kind === 'succeeded' ? 'approved' : 'rejected',
                by: RECEIVER_POLICY
            },
            note: `its workflow run ${run.id} concluded ${String(run.conclusion)}`
        }
    };
}
/** `failure.code` `receiver_<conclusion>`: retryable, since the next attempt may well succeed. */
function receiverFailure(conclusion) {
    return {
        code: `receiver_${conclusion}`,
        classification: conclusion === 'timed_out'
            ? 'timeout'
            : conclusion === 'cancelled'
                ? 'cancelled'
                : 'provider',
        retryable: true
    };
}
/** The receiver's run as evidence: its web address, and a digest of what GitHub said of it. */
function evidenceOf(run) {
    return {
        kind: `workflow_run:${String(run.conclusion)}`,
        uri: run.html_url,
        digest: digestOf({
            id: run.id,
            conclusion: run.conclusion,
            html_url: run.html_url,
            updated_at: run.updated_at
        })
    };
}
function attemptReason(state, attempt) {
    return state.attempts.find(a => a.number === attempt)?.reason ?? 'initial';
}
/**
 * When an observation happened: the receiver's completion time (its `updated_at`), so a later
 * event is compared with when the work ended, not with when an observer ran
 * (docs/design/generations.md). null when GitHub gave no usable time (then: now).
 */
function observation_observedAt(run) {
    if (run.updated_at === null)
        return null;
    const ms = Date.parse(run.updated_at);
    return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(10000, 0, 1)
        ? new Date(ms)
        : null;
}
/**
 * A workflow run as the REST answer (or the workflow_run event) gives it; null when the body is
 * not one (then nothing is recorded: an unclear answer is never read as a conclusion).
 */
function observation_receiverRunOf(body, fallbackUrl) {
    if (typeof body !== 'object' || body === null)
        return null;
    const run = body;
    const id = run['id'];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
        return null;
    const text = (name) => typeof run[name] === 'string' ? run[name] : null;
    return {
        id: String(id),
        status: text('status'),
        conclusion: text('conclusion'),
        html_url: text('html_url') ?? fallbackUrl,
        updated_at: text('updated_at')
    };
}

;// CONCATENATED MODULE: ./src/commands/observe.ts
/**
 * How a run ends when its work ends (docs/design/lifecycle.md): the observers' one write. Given
 * what GitHub said of receivers' workflow runs, it reads each coordinator's run and its
 * receiver's own run at the arbiter, decides the records (core/observation.ts) and returns them
 * as compare-and-set appends for ONE atomic write: recover puts them in the same write as its
 * delivery's admission, scan's sweep and a later event's on-demand look write them alone. A
 * lost compare-and-set is read and decided again; a run another observer already ended
 * yields no append, so every observer after the first writes nothing.
 */











/**
 * The appends the sightings call for, read at the arbiter (`refresh` after a lost write): for
 * each, the coordinator's records and the receiver's own end. Empty when every run is already
 * past what was seen.
 */
async function planObservations(store, sightings, options) {
    const advances = [];
    const observed = [];
    const seen = new Set();
    await store.read(async (reader) => {
        for (const sighting of sightings) {
            const at = timestampOf(observedAt(sighting.run) ?? new Date());
            const append = async (ref, decide) => {
                if (seen.has(ref))
                    return null;
                const chain = await observe_readRun(reader, options, ref);
                if (chain === null)
                    return null;
                const state = verifiedState(chain);
                const drafts = await decide(state);
                if (drafts.length === 0)
                    return state;
                seen.add(ref);
                const advance = await appendAll(store, chain, state, drafts, { ...options, at });
                advances.push({ ref, ...advance });
                observed.push({
                    run_id: state.run_id,
                    ledger_ref: ref,
                    state: advance.last.state,
                    receiver_url: sighting.run.html_url
                });
                return state;
            };
            let receiverRef = sighting.receiver_ref ?? null;
            if (sighting.coordinator_ref) {
                const runs = [sighting.run, ...(sighting.others ?? [])];
                const state = await append(sighting.coordinator_ref, async (s) => coordinatorRecords(s, runs, {
                    onSuccess: options.onSuccess,
                    receiverAdmitted: await receiverAdmitted(reader, options.namespace, s)
                }));
                receiverRef ??= state ? await receiverLedger(reader, options.namespace, state) : null;
            }
            if (receiverRef)
                await append(receiverRef, s => single(receiverRecord(s, sighting.run)));
        }
    });
    return { advances, observed };
}
function single(draft) {
    return draft ? [draft] : [];
}
async function observe_readRun(reader, options, ref) {
    const chain = await reader.readChain(ref, RUN_CHAIN, { refresh: options.refresh });
    if (chain === null || chain.length === 0)
        return null;
    checkChainNames(options.namespace, ref, chain);
    return chain;
}
/** The receiver's own ledger, through the admission of the key the coordinator recorded. */
async function receiverLedger(reader, namespace, state) {
    const key = awaitedOrLast(state);
    if (!key)
        return null;
    const admission = await reader.readAdmission(admissionRef(namespace, key));
    return admission?.value.ledger_ref ?? null;
}
/**
 * For an attempt no receiver has confirmed: whether its receiver key was admitted all the same
 * (then the attempt is never failed for want of a confirmation). Not read otherwise.
 */
async function receiverAdmitted(reader, namespace, state) {
    const unconfirmed = unconfirmedReceiver(state);
    if (unconfirmed === null)
        return false;
    return (await reader.readAdmission(admissionRef(namespace, unconfirmed.receiver_key))) !== null;
}
/** The receiver key of the attempt observed (read before the observation moved the state). */
function awaitedOrLast(state) {
    const awaited = awaitedReceiver(state);
    if (awaited)
        return awaited.receiver_key;
    const current = state.attempts.find(a => a.number === state.current_attempt);
    return current?.external_ids['receiver_key'] ?? null;
}
/** The drafts appended one after another as commits on the chain's head; not yet visible. */
async function appendAll(store, chain, state, drafts, options) {
    const expected = chain[chain.length - 1].oid;
    let entries = [...chain];
    let current = state;
    let last = null;
    for (const draft of drafts) {
        const next = nextRunRecord(entries, current, {
            state: draft.state,
            fields: draft.fields,
            occurred_at: options.at,
            trigger: 'provider_observation',
            actor: options.actor,
            writer: options.writer
        });
        if ('duplicate' in next)
            continue;
        const parent = entries[entries.length - 1].oid;
        const [oid] = (await store.writeEntries([recordCommit(next.record, parent)]));
        entries = [...entries, { oid, value: next.record }];
        current = verifiedState(entries);
        last = next.record;
    }
    const head = entries[entries.length - 1];
    const record = last ?? head.value;
    return {
        next: head.oid,
        expected,
        ended: isTerminal(record.state),
        key: state.dispatch_key,
        last: record
    };
}
/**
 * The sightings' records in one atomic write of their own (scan's sweep, an on-demand look):
 * planned, written, and on a lost compare-and-set planned again from what won, at most
 * WRITE_TRIES times. Returns what it recorded (empty: nothing was left to record).
 */
async function observe_recordObservations(store, sightings, options) {
    for (let tries = 1;; tries++) {
        const plan = await planObservations(store, sightings, { ...options, refresh: tries > 1 });
        if (plan.advances.length === 0)
            return [];
        options.onBoundary?.('after-observation-read');
        if ((await store.createRefs([], { advances: plan.advances })) !== 'lost')
            return plan.observed;
        if (tries >= WRITE_TRIES)
            throw new LostRace(`Other writers moved the observed runs each of the ${WRITE_TRIES} times this step wrote ` +
                'their conclusions, so nothing was written. Run it again: it reads and decides anew.');
    }
}
/**
 * A command driver's lookup reported how the work ended (core/observation.ts lookupRecords):
 * its records on the run, in one write of their own, dated by its `concluded_at` (else `now`);
 * a lost compare-and-set is read and decided again. Returns what it recorded, or null when
 * nothing was left to record.
 */
async function recordLookupEnd(store, ledger_ref, found, options) {
    const at = timestampOf(lookupConcludedAt(found, options.now) ?? options.now);
    for (let tries = 1;; tries++) {
        const chain = await store.read(reader => observe_readRun(reader, { ...options, refresh: tries > 1 }, ledger_ref));
        if (chain === null)
            return null;
        const state = verifiedState(chain);
        const drafts = lookupRecords(state, found, options);
        if (drafts.length === 0)
            return null;
        const advance = await appendAll(store, chain, state, drafts, { ...options, at });
        options.onBoundary?.('after-observation-read');
        const written = await store.createRefs([], { advances: [{ ref: ledger_ref, ...advance }] });
        if (written !== 'lost')
            return { run_id: state.run_id, ledger_ref, state: advance.last.state, receiver_url: '' };
        if (tries >= WRITE_TRIES)
            throw new LostRace(`Other writers moved run ${state.run_id} each of the ${WRITE_TRIES} times this step ` +
                'wrote what its lookup reported, so nothing was written. Run it again: it reads and decides anew.');
    }
}
/** One REST read of a receiver's workflow run (GET …/actions/runs/{id}). */
async function lookReceiverUp(github, workflowRunId) {
    const answer = await github.getWorkflowRun(workflowRunId);
    if ('error' in answer)
        return { unknown: `no answer from the API (${answer.error})` };
    if (answer.status !== 200)
        return {
            unknown: `GitHub answered HTTP ${answer.status} for workflow run ${workflowRunId}` +
                (answer.status === 403 || answer.status === 404
                    ? ' (the job needs `permissions: actions: read`)'
                    : '')
        };
    const fallback = github.runUrl?.(workflowRunId) ?? '';
    const run = receiverRunOf(answer.body, fallback);
    return run && run.id === workflowRunId
        ? { run }
        : { unknown: `GitHub's answer for workflow run ${workflowRunId} is not a workflow run` };
}
/**
 * One REST read per workflow run the coordinator's run waits on (core/observation.ts
 * watchedRuns): its confirmed receiver, or every run its unconfirmed attempt was sent as. Null
 * when it waits on none (not at observe_provider, or a send GitHub answered without a run id).
 */
async function observe_watchRun(github, state, ledger_ref) {
    const ids = watchedRuns(state);
    if (ids.length === 0)
        return null;
    const confirmed = awaitedReceiver(state) !== null;
    const runs = [];
    for (const id of ids) {
        const looked = await lookReceiverUp(github, id);
        const lookups = runs.length + 1;
        if ('unknown' in looked)
            return { kind: 'unknown', reason: looked.unknown, lookups };
        if (!concluded(looked.run))
            return { kind: 'working', run: looked.run, confirmed, lookups };
        runs.push(looked.run);
    }
    const newest = runs[runs.length - 1];
    return {
        kind: 'concluded',
        sighting: { run: newest, others: runs.slice(0, -1), coordinator_ref: ledger_ref },
        lookups: runs.length
    };
}
/** Whether GitHub's answer says the receiver's work is over (anything but still working). */
function concluded(run) {
    return classifyReceiver(run).kind !== 'working';
}

;// CONCATENATED MODULE: ./src/commands/scan.ts






/**
 * Scan archives the idle chains it meets (docs/design/storage.md#archived-chains), so a
 * repository whose buckets are seldom written still keeps few refs. It is housekeeping: a
 * store that refuses the write (a read-only token, contention) leaves the chains live, which
 * every reader reads the same, and the scan goes on.
 */
async function archiveIdle(store, namespace) {
    try {
        await store.archiveIdle?.(namespace);
    }
    catch (error) {
        if (!(error instanceof DispatchLedgerError))
            throw error;
    }
}
/**
 * Every run in the namespace, each reconstructed and planned; the runs and the admissions are
 * listed, and every chain and admission read, in one session. A ledger that
 * does not verify is listed with its error rather than hidden, and a ledger that no admission
 * admits (an orphan) is listed as one, with no next action; neither stops the sweep from
 * planning the others.
 */
async function scanRuns({ namespace }, { store }) {
    await archiveIdle(store, namespace);
    return store.read(async (reader) => {
        // The reader's own listing, where it has one: the listings and every chain and admission
        // then go through one session, a constant number of processes however many runs.
        const lister = listerOf(store, reader);
        const list = (prefix) => lister.listRefs(prefix);
        const refs = await list(runsPrefix(namespace));
        // Listed only when a run's generation 1 is not its own (a later generation, an orphan):
        // most runs are admitted by name, and the listing reads every key's tree.
        let listing = null;
        const admissions = () => (listing ??= list(admissionsPrefix(namespace)).then(all => all.map(entry => entry.ref)));
        const derive = async (ref) => {
            try {
                const chain = await reader.readChain(ref);
                if (!chain)
                    return { run: null, admitted: null }; // deleted since it was listed
                storedNames_checkChainNames(namespace, ref, chain);
                const view = runView_viewChain(chain);
                const writer = chain[chain.length - 1]?.value.writer ?? null;
                let admitted;
                try {
                    const { run_id, dispatch_key } = view.state;
                    admitted = await generations_admissionOfRun(store, reader, { namespace, run_id, dispatch_key }, admissions);
                }
                catch (error) {
                    if (!(error instanceof OrphanRun))
                        throw error;
                    return {
                        run: { ledger_ref: ref, state: view.state, orphan: error.message, writer },
                        admitted: null
                    };
                }
                return { run: { ledger_ref: ref, ...view, writer }, admitted };
            }
            catch (error) {
                if (!(error instanceof DispatchLedgerError))
                    throw error;
                return { run: { ledger_ref: ref, error: error.message }, admitted: null };
            }
        };
        const memo = store.memo && reader.chainId && reader.admissionId ? store.memo : null;
        const scanned = await inOrder(refs.map(r => r.ref), SCAN_WIDTH, memo
            ? ref => remembered(ref, { memo, reader: reader }, derive)
            : async (ref) => (await derive(ref)).run);
        return scanned.filter((run) => run !== null);
    });
}
/** The shape a kept view must have to be used at all (the memo is a file on disk). */
function isRemembered(value) {
    const kept = value;
    return (typeof kept?.state === 'object' &&
        kept.state !== null &&
        typeof kept.plan === 'object' &&
        kept.plan !== null &&
        typeof kept.admission_ref === 'string' &&
        typeof kept.admission_id === 'string');
}
/**
 * A run derived, or what was derived before from the same bytes (Store.memo). A planned run
 * depends only on its chain and, when its key's generation 1 admits it, on that admission: the
 * memo's key names the chain's id, and the admission's id is compared before the view is used.
 * Anything else — an orphan, a later generation, a run that does not verify — is derived again
 * every time, and so is a run whose ids moved while it was read.
 */
async function remembered(ref, { memo, reader }, derive) {
    const chain = await reader.chainId(ref);
    if (chain === null)
        return (await derive(ref)).run;
    // The ref names its namespace and its bucket, so with the chain's id it names the bytes.
    const key = `${ref} ${chain}`;
    const kept = memo.get(key);
    if (isRemembered(kept) && (await reader.admissionId(kept.admission_ref)) === kept.admission_id)
        return { ledger_ref: ref, state: kept.state, plan: kept.plan, writer: kept.writer };
    const { run, admitted } = await derive(ref);
    if (!run || !('plan' in run) || admitted?.generation !== 1)
        return run;
    const admission = await reader.admissionId(admitted.ref);
    if (admission !== null && (await reader.chainId(ref)) === chain)
        memo.set(key, {
            state: run.state,
            plan: run.plan,
            writer: run.writer,
            admission_ref: admitted.ref,
            admission_id: admission
        });
    return run;
}
/**
 * How many runs scan reads at once: their object requests then reach the session's one
 * `git cat-file --batch` together (one write, answered in one stream) instead of one round trip
 * each. The store serialises any fetch a read triggers.
 */
const SCAN_WIDTH = 64;
/** fn over items, at most `width` at a time, the answers in the items' order. */
async function inOrder(items, width, fn) {
    const out = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next++;
            out[index] = await fn(items[index]);
        }
    };
    await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
    return out;
}
/** How many receivers the sweep looks up at once. */
const LOOKUP_WIDTH = 8;
/**
 * `scan` with observe (docs/design/lifecycle.md#the-sweep): every run at observe_provider whose
 * receiver is known — confirmed, or the runs an unconfirmed attempt was sent as — is looked up
 * with one REST read each, and every concluded one is recorded in ONE atomic write for the
 * whole sweep; a sweep that finds nothing concluded writes nothing.
 */
async function sweepRuns(options, deps) {
    const runs = await scanRuns(options, deps);
    if (!options.observe)
        return { runs, observed: [], unknown: [], lookups: 0 };
    const github = deps.github;
    if (!github?.hasToken)
        throw new InvalidInput('scan with observe: true needs a token (the token input, default the job token) with ' +
            '`permissions: actions: read`, to look the receivers up.');
    const waiting = runs.flatMap(run => 'plan' in run && run.plan.action === 'observe_provider' ? [run] : []);
    const watched = await inOrder(waiting, LOOKUP_WIDTH, w => watchRun(github, w.state, w.ledger_ref));
    const unknown = [];
    let lookups = 0;
    const sightings = waiting.flatMap((w, i) => {
        const answer = watched[i];
        if (answer === null)
            return [];
        lookups += answer.lookups;
        if (answer.kind === 'unknown') {
            unknown.push(`${w.ledger_ref}: ${answer.reason}`);
            return [];
        }
        return answer.kind === 'concluded' ? [answer.sighting] : [];
    });
    const base = { unknown, lookups };
    if (sightings.length === 0)
        return { runs, observed: [], ...base };
    const observed = await recordObservations(deps.store, sightings, options);
    return { runs: observed.length > 0 ? await scanRuns(options, deps) : runs, observed, ...base };
}

;// CONCATENATED MODULE: ./src/cli/statusView.ts
/** `dispatch-ledger status`: scan's view of every run, as a table or as JSON. */






async function statusCommand(context) {
    const { namespace, store, clock } = context;
    const scanned = await scanRuns({ namespace }, { store, clock });
    const now = clock.now();
    const missing = await missingLedgers({ namespace }, { store }, new Set(scanned.map(run => run.ledger_ref)));
    const operations = await heldOperations({ namespace }, { store });
    const all = onePerRun([
        ...scanned.map(run => statusRow(run, now, context.serverUrl)),
        ...missing.map(missingRow)
    ]);
    const matching = all.filter(row => wanted(row, context));
    const limit = limitOf(context);
    const shown = limit === null ? matching : matching.slice(0, limit);
    const unreadable = all.filter(row => row.error !== null).length + operations.filter(op => op.error !== null).length;
    const exit = unreadable > 0 ? 1 : 0;
    if (context.json) {
        context.printJson({ namespace, store: store.name, runs: shown, operations, unreadable });
        return exit;
    }
    if (shown.length > 0)
        context.print(statusTable(shown, context));
    if (operations.length > 0)
        context.print(operationsText(operations, context));
    context.print(wrap(footer({ all, matching, shown }, context), context.width));
    if (unreadable > 0)
        context.print(wrap(`${count(unreadable, 'entry', 'entries')} could not be read (listed with the problem): ` +
            '`dispatch-ledger verify` names every problem.', context.width));
    return exit;
}
/**
 * Whether a row is one the filters ask for. A row that could not be read is always listed:
 * its state is unknown, and a filter must not hide it.
 */
function wanted(row, { parsed }) {
    if (row.error !== null)
        return true;
    const { values } = parsed;
    if (!values.all && values.state === undefined && row.terminal === true)
        return false;
    if (typeof values.state === 'string' && row.state !== values.state)
        return false;
    if (typeof values.key === 'string') {
        const key = values.key;
        const matches = key.endsWith('*')
            ? (row.dispatch_key ?? '').startsWith(key.slice(0, -1))
            : row.dispatch_key === key;
        if (!matches)
            return false;
    }
    return true;
}
function limitOf({ parsed }) {
    const given = parsed.values.limit;
    return typeof given === 'string' ? Number(given) : null;
}
/**
 * Each run once, by its run id. The listing names each ledger once, but two entries can still
 * name one run: an admission forged to name a missing ledger for a run whose own ledger is
 * listed, or two keys admitting one run. The row that says a problem is the one kept, so no
 * problem hides behind the run's own row; a row with no run id (a ledger that does not verify)
 * is its ledger's, and always listed.
 */
function onePerRun(rows) {
    const at = new Map();
    const out = [];
    for (const row of rows) {
        const seen = row.run_id === null ? undefined : at.get(row.run_id);
        if (seen === undefined) {
            if (row.run_id !== null)
                at.set(row.run_id, out.length);
            out.push(row);
        }
        else if (out[seen].error === null && row.error !== null)
            out[seen] = row;
    }
    return out;
}
/** A run whose admission names a ledger that does not exist: listed with that problem. */
function missingRow(missing) {
    return {
        run_id: missing.run_id,
        dispatch_key: missing.dispatch_key,
        ledger_ref: missing.ledger_ref,
        state: null,
        terminal: null,
        sequence: null,
        updated_at: null,
        age_seconds: null,
        recovery_action: null,
        recovery_reason: null,
        authority_required: null,
        blind_resubmission_forbidden: null,
        workflow_run_url: null,
        orphan: null,
        error: missing.problem
    };
}
function statusRow(run, now, serverUrl) {
    if ('error' in run)
        return {
            run_id: null,
            dispatch_key: null,
            ledger_ref: run.ledger_ref,
            state: null,
            terminal: null,
            sequence: null,
            updated_at: null,
            age_seconds: null,
            recovery_action: null,
            recovery_reason: null,
            authority_required: null,
            blind_resubmission_forbidden: null,
            workflow_run_url: null,
            orphan: null,
            error: run.error
        };
    const { state } = run;
    const plan = 'plan' in run ? run.plan : null;
    return {
        run_id: state.run_id,
        dispatch_key: state.dispatch_key,
        ledger_ref: run.ledger_ref,
        state: state.state,
        terminal: state.terminal,
        sequence: state.sequence,
        updated_at: state.updated_at,
        age_seconds: secondsSince(state.updated_at, now),
        recovery_action: plan?.action ?? null,
        recovery_reason: plan?.reason ?? null,
        authority_required: plan?.authority_required ?? null,
        blind_resubmission_forbidden: plan?.blind_resubmission_forbidden ?? null,
        // A run waiting on its receiver shows the run that works (docs/design/lifecycle.md).
        workflow_run_url: (plan?.action === 'observe_provider' ? observation_awaitedReceiver(state)?.html_url : null) ??
            workflowRunUrl(serverUrl, run.writer),
        orphan: 'orphan' in run ? run.orphan : null,
        error: null
    };
}
/** The run table, fitted to the width: the workflow run URL and the key give way first. */
function statusTable(rows, { style, width }) {
    return fittedTable(['RUN ID', 'DISPATCH KEY', 'STATE', 'NEXT ACTION', 'AGE', 'WORKFLOW RUN'], rows.map(row => cells(row)), style, {
        width,
        shrink: [
            { column: 5, min: 24, keep: 'end' },
            { column: 1, min: 16 },
            { column: 3, min: 16 },
            { column: 2, min: 14 }
        ],
        drop: [5, 4, 3]
    });
}
function cells(row) {
    if (row.error !== null)
        return [
            { text: row.run_id ?? row.ledger_ref },
            { text: row.dispatch_key ?? '' },
            {
                text: row.run_id === null ? 'does not verify' : 'ledger missing',
                colour: 'red'
            },
            { text: row.error, colour: 'red' },
            { text: '' },
            { text: '' }
        ];
    return [
        { text: row.run_id ?? '' },
        { text: row.dispatch_key ?? '' },
        row.orphan !== null
            ? { text: `orphan (${row.state})`, colour: 'red' }
            : { text: row.state ?? '', colour: stateColour(row) },
        {
            text: row.recovery_action ?? 'none',
            colour: row.recovery_action === 'none' ? 'dim' : undefined
        },
        { text: row.age_seconds === null ? '' : age(row.age_seconds), colour: 'dim' },
        { text: row.workflow_run_url ?? '', colour: 'cyan' }
    ];
}
/**
 * Operations held for an operator (whatever their kind), each with what the operator does
 * next, as wrapped prose: the verb to comment must be read whole at any width.
 */
function operationsText(operations, { style, width }) {
    const lines = [style.paint('bold', 'OPERATIONS HELD FOR AN OPERATOR')];
    for (const op of operations) {
        const head = escapeControls(`${op.operation_id ?? op.operation_ref}  ${op.kind ?? ''}  `);
        const state = escapeControls(op.state ?? 'does not verify');
        lines.push(`${cut(head, Math.max(width - [...state].length, 16), 'end')}${style.paint('yellow', state)}`);
        lines.push(...wrap(escapeControls(op.error ?? op.next), width - 2)
            .split('\n')
            .map(line => `  ${line}`));
    }
    return lines.join('\n');
}
function stateColour(row) {
    if (row.terminal)
        return 'green';
    if (row.recovery_action?.startsWith('await_') || row.recovery_action === 'reconcile_provider')
        return 'yellow';
    return undefined;
}
function footer(rows, { parsed, namespace, store }) {
    const where = escapeControls(`in ${namespace} at ${store.name}`);
    const { all, matching, shown } = rows;
    const more = matching.length > shown.length
        ? ` (${matching.length - shown.length} more: raise --limit to list them)`
        : '';
    const filtered = parsed.values.state !== undefined || parsed.values.key !== undefined;
    if (filtered)
        return `${count(shown.length, 'run')} of ${all.length} ${where} match${more}.`;
    if (parsed.values.all)
        return `${count(all.length, 'run')} ${where}${more}.`;
    if (all.length === 0)
        return `No run ${where}.`;
    const ended = all.length - matching.length;
    return (`${count(shown.length, 'run')} not ended ${where}${more}` +
        (ended > 0 ? ` (${ended} ended: dispatch-ledger status --all lists them).` : '.'));
}

;// CONCATENATED MODULE: ./src/core/verify/admissionAgreement.ts
/** Why `admission` disagrees with `first`, its run's first record (one clause), or null. */
function admissionRecordProblem(admission, first) {
    const digest = first.idempotency.request_digest;
    if (admission.request_digest !== digest)
        return (`its request_digest ${admission.request_digest} disagrees with its run's first record, ` +
            `which carries ${digest}`);
    // Instants, not strings: one moment written two ways is the same time.
    if (Date.parse(admission.admitted_at) !== Date.parse(first.occurred_at))
        return (`its admitted_at ${admission.admitted_at} disagrees with its run's first record, which ` +
            `occurred at ${first.occurred_at}`);
    return null;
}

;// CONCATENATED MODULE: ./src/core/verify/commitShape.ts
/**
 * What a stored commit may carry besides its entry (docs/design/writers.md#what-a-writer-of-the-repository-can-still-do): the
 * product writes `tree`, `parent`, `author` and `committer` headers and a subject naming what the
 * commit holds. Any other header (`encoding`, `mergetag`, one of a forger's own) or a subject that
 * disagrees with the entry is something no writer of the product made. A signature (`gpgsig`,
 * `gpgsig-sha256`, what a server or a person adds by signing) changes nothing the product reads,
 * so it is ignored. Pure.
 */
/** The headers every product commit carries, each at most this often (`parent` any number). */
const WRITTEN = { tree: 1, author: 1, committer: 1 };
const IGNORED = new Set(['gpgsig', 'gpgsig-sha256']);
/** The commit's header block and message, split as git splits them (the first blank line). */
function split(raw) {
    const end = raw.indexOf('\n\n');
    const head = end === -1 ? raw : raw.slice(0, end);
    return { headers: head.split('\n'), message: end === -1 ? '' : raw.slice(end + 2) };
}
/** Why a commit's headers are not the product's (one clause), or null. */
function headerProblem(raw) {
    const seen = new Map();
    for (const line of split(raw).headers) {
        // A line starting with a space continues the header above it (a signature's lines).
        if (line.startsWith(' '))
            continue;
        const name = line.slice(0, line.indexOf(' ') === -1 ? line.length : line.indexOf(' '));
        if (IGNORED.has(name) || name === 'parent')
            continue;
        const most = WRITTEN[name];
        if (most === undefined)
            return `it carries a header ${JSON.stringify(name)}, which dispatch-ledger never writes`;
        seen.set(name, (seen.get(name) ?? 0) + 1);
        if (seen.get(name) > most)
            return `it carries more than one ${JSON.stringify(name)} header`;
    }
    return null;
}
/**
 * Why a commit's subject is not `expected` (one clause), or null. The subject is the whole first
 * paragraph of the message, as git shows it: a second line before the blank one is part of it.
 */
function subjectProblem(raw, expected) {
    const { message } = split(raw);
    const end = message.indexOf('\n\n');
    const subject = (end === -1 ? message : message.slice(0, end)).replace(/\n$/, '');
    if (subject === expected)
        return null;
    return (`its subject line ${JSON.stringify(subject)} disagrees with the entry it carries, whose ` +
        `subject is ${JSON.stringify(expected)}`);
}
/** The first of headerProblem and subjectProblem, or null. */
function commitProblem(raw, expectedSubject) {
    return headerProblem(raw) ?? subjectProblem(raw, expectedSubject);
}

;// CONCATENATED MODULE: ./src/core/verify/receiverConfirmation.ts

/**
 * Every way a confirmed attempt reads, record by record, with the external ids folded as the
 * run's state folds them (a later record's ids over an earlier one's): a forged record that only
 * changes `workflow_run_id` after the confirmation is seen too. Each distinct reading once.
 */
function receiverConfirmations(records) {
    const ids = new Map();
    const seen = new Set();
    const found = [];
    for (const record of records) {
        if (record.attempt === null || record.provider === null)
            continue;
        if (record.state !== 'dispatched' && record.state !== 'attempt_failed')
            continue;
        const number = record.attempt.number;
        const merged = { ...ids.get(number), ...record.provider.external_ids };
        ids.set(number, merged);
        const key = merged[receiver_RECEIVER_KEY];
        if (merged[RECEIVER_CONFIRMED] !== 'true' || key === undefined)
            continue;
        const confirmation = {
            sequence: record.ledger_sequence,
            attempt: number,
            receiver_key: key,
            receiver_run_id: merged['receiver_run_id'] ?? null,
            workflow_run_id: merged['workflow_run_id'] ?? null,
            html_url: merged['html_url'] ?? null
        };
        const reading = JSON.stringify({ ...confirmation, sequence: 0 });
        if (seen.has(reading))
            continue;
        seen.add(reading);
        found.push(confirmation);
    }
    return found;
}
/**
 * Why a confirmation names a run other than the receiver admission's (one clause), or null. A
 * confirmation may leave a run unnamed (a writer outside Actions has no workflow run); it may
 * never name another.
 */
function confirmationProblem(confirmation, receiver) {
    const at = `its attempt ${confirmation.attempt} (as of record ${confirmation.sequence})`;
    const { receiver_run_id, workflow_run_id, html_url } = confirmation;
    if (receiver_run_id !== null && receiver_run_id !== receiver.run_id)
        return (`${at} confirms run ${JSON.stringify(receiver_run_id)} as its receiver, but the receiver ` +
            `admission of its key admits run ${JSON.stringify(receiver.run_id)}`);
    if (workflow_run_id !== null && workflow_run_id !== receiver.writer_run_id)
        return (`${at} names workflow run ${JSON.stringify(workflow_run_id)} as its receiver, but the ` +
            `receiver admission of its key was written by ` +
            (receiver.writer_run_id === null
                ? 'no workflow run'
                : `workflow run ${JSON.stringify(receiver.writer_run_id)}`));
    if (html_url !== null && !html_url.endsWith(`/actions/runs/${workflow_run_id ?? ''}`))
        return (`${at} links ${JSON.stringify(html_url)} as its receiver, which is not the workflow run ` +
            `${JSON.stringify(workflow_run_id)} it names`);
    return null;
}

;// CONCATENATED MODULE: ./src/core/verify/placement.ts
/**
 * Where an index entry may sit (docs/design/storage.md#refs-layout-v2): in the bucket the first two
 * hex digits of its hash select, the only one any reader looks in. An entry elsewhere is read by
 * no command; a copy beside the real one made status list its run twice. And every archived
 * chain's head must stay reachable from its bucket's archive ref, or a gc on the server deletes
 * the chain while its index entry still names it. Pure.
 */


/** The bucket the entry's hash selects; null when its name is no hash at all. */
function selectedBucket(path) {
    return bucketOfEntry(path.split('/')[1] ?? '');
}
/**
 * Why the entry is not where readers look (one clause), or null. `heldThere`: whether the bucket
 * its hash selects holds the same path (then this one is a second copy).
 */
function placementProblem(entry, heldThere) {
    const selected = selectedBucket(entry.path);
    if (selected === entry.bucket)
        return null;
    if (selected === null)
        return `its name is not a sha256 hash, so no bucket is its own and no reader looks for it`;
    const home = indexRef(entry.namespace, selected);
    return heldThere
        ? `it is a copy of ${home}:${entry.path}, in a second bucket: its hash selects ${home}, ` +
            'where every reader looks; remove this copy'
        : `its hash selects ${home}, where every reader looks, and that bucket does not hold it: no ` +
            `command reads it here; move it to ${home}`;
}
/**
 * Why an archived chain's head is not kept by its bucket's archive ref (one clause), or null.
 * `kept`: every head the archive ref keeps reachable; `tip`: its tip, null when it is gone.
 */
function unkeptHeadProblem(head, archive) {
    if (archive.kept.has(head))
        return null;
    const how = archive.tip === null
        ? `${archive.ref} does not exist (deleted)`
        : `${archive.ref} (at ${archive.tip}) does not reach it (rewound or replaced)`;
    const parent = archive.tip === null ? '' : ` -p ${archive.tip}`;
    return (`its head ${head} is not reachable from the archive ref that must keep it: ${how}. The chain ` +
        'still reads while the server holds its commits, but a gc there deletes them. Keep it ' +
        `reachable again: \`git commit-tree ${EMPTY_TREE}${parent} -p ${head} -m ` +
        `'dispatch-ledger archive ${archive.ref}'\` in a clone holding it, then push that commit to ` +
        archive.ref);
}

;// CONCATENATED MODULE: ./src/core/index/names.ts
/**
 * What a ref under a namespace is, by its name alone (docs/design/storage.md): one of layout
 * v2's refs, a ref of layout v1, or a name no writer of this version makes. verify reports the
 * last two; the commands refuse a namespace holding v1 refs. Pure.
 */

/** The kind of `ref`, which lies under `namespace/`. */
function refKind(namespace, ref) {
    const rest = ref.slice(namespace.length + 1);
    const [family, name, ...below] = rest.split('/');
    if (family === 'admissions')
        return { kind: 'v1' };
    if (below.length === 0 && name !== undefined) {
        if ((family === 'index' || family === 'archive') && /^[0-9a-f]{2}$/.test(name))
            return { kind: family, bucket: name };
        if ((family === 'runs' || family === 'operations') && /^[0-9a-f]{64}$/.test(name))
            return { kind: 'chain', family, hash: name };
    }
    if (family !== undefined && NAMESPACE_FAMILIES.includes(family) && below.length > 0)
        return {
            kind: 'unknown',
            why: `it nests a ref inside the ${family} family (${namespace}/${family}/${name}/…): ` +
                'no writer makes it, and it keeps git from creating the ref it is named under'
        };
    return {
        kind: 'unknown',
        why: family !== undefined && NAMESPACE_FAMILIES.includes(family)
            ? `it is not a name of the ${family} family (no writer makes it)`
            : 'it is not a name dispatch-ledger writes (index/<hh>, archive/<hh>, runs/<h>, operations/<h>)'
    };
}

;// CONCATENATED MODULE: ./src/commands/verifyNames.ts
/**
 * verify's listing of a namespace and its list of problems: the names alone (symbolic refs, layout
 * v1 refs, names no writer makes), and how a problem is said where it is.
 */



/** What verify counts; each only once verified. */
const COUNTED = [
    'refs',
    'index_buckets',
    'archive_refs',
    'keys',
    'admissions',
    'runs',
    'operations',
    'index_entries',
    'end_markers',
    'archived_heads'
];
/** Problems by where they are: the first said of a place stands (one tampering, one line). */
class Problems {
    byWhere = new Map();
    add(where, problem) {
        if (!this.byWhere.has(where))
            this.byWhere.set(where, problem);
    }
    get list() {
        return [...this.byWhere].map(([where, problem]) => ({ where, problem }));
    }
}
/** The names alone: symbolic refs, layout v1 refs and names no writer makes. */
function checkNames(namespace, raw, problems) {
    const symbolic = new Set();
    const live = new Set();
    const buckets = new Set();
    let indexBuckets = 0;
    let archiveRefs = 0;
    let refused = false;
    for (const { ref, symref } of raw) {
        if (symref !== null) {
            symbolic.add(ref);
            refused = true;
            problems.add(ref, `it is a symbolic ref (to ${symref}): dispatch-ledger keeps only plain refs under its ` +
                'namespace. In the repository a step runs in, one fails every command; one made on ' +
                'the server (no push or API can make one on GitHub, a server administrator can) may ' +
                'have been written through: the writing commands do not ask the server which refs ' +
                'are symbolic before each write, a fetch brings it as the commit its target holds, ' +
                'and a push to it moves the target. Remove it ' +
                `(\`git symbolic-ref --delete ${ref}\` where it is)`);
            continue;
        }
        const kind = refKind(namespace, ref);
        if (kind.kind === 'v1') {
            refused = true;
            problems.add(ref, 'it is a ref of layout v1, which this version does not read or write: every command ' +
                'refuses the namespace while it is there. Delete it, or use a fresh namespace');
        }
        else if (kind.kind === 'unknown')
            problems.add(ref, `${kind.why}. Remove it`);
        else if (kind.kind === 'chain')
            live.add(ref);
        else {
            buckets.add(kind.bucket);
            if (kind.kind === 'index')
                indexBuckets++;
            else
                archiveRefs++;
        }
    }
    return { symbolic, live, buckets: [...buckets].sort(), indexBuckets, archiveRefs, refused };
}
function whereOf(error, fallback) {
    if (error instanceof errors_CorruptEntry)
        return error.where;
    if (error instanceof OrphanRun)
        return error.ledger_ref;
    return fallback;
}
/** A problem already listed where it is: the caller's check stops without saying it again. */
class Reported extends Error {
}
/**
 * What only verify sees, at where (and the commit there at fault): the commands read past it, so
 * the line says what is wrong and how to look rather than that they refuse it.
 */
function finding(where, clause, oid) {
    return (`The entry at ${where}${oid ? ` (commit ${oid})` : ''}: ${clause}. Inspect it with ` +
        `${inspectCommand(oid ?? where)}.`);
}
/** Lists a command's error where it is; a Reported one is listed already. */
function listError(problems, error, fallback) {
    if (error instanceof Reported)
        return;
    if (!(error instanceof DispatchLedgerError))
        throw error;
    problems.add(whereOf(error, fallback), error.message);
}

;// CONCATENATED MODULE: ./src/commands/verifyBucket.ts
/**
 * What only a bucket shows verify (docs/cli.md#verify): where its entries sit (in the bucket their
 * hash selects, once), its end markers against their keys' ledgers, its archived entries' heads
 * kept by its archive ref and contained in their chains, the heads that archive keeps, and its
 * own commits as stored. Read after every key, run and operation, whose verified chains it uses.
 */












/** An entry's place in its bucket: `keys/<h>` for an admission `keys/<h>/<N>`, else its path. */
function placeOf(where) {
    return where
        .slice(where.indexOf(':') + 1)
        .split('/')
        .slice(0, 2)
        .join('/');
}
class BucketVerifier {
    namespace;
    reader;
    context;
    verified;
    /** Every entry's place in every bucket read, as `<bucket>:<place>`. */
    present = new Set();
    /** The entries out of the bucket their hash selects, named once every bucket is read. */
    misplaced = [];
    constructor(namespace, reader, context, verified) {
        this.namespace = namespace;
        this.reader = reader;
        this.context = context;
        this.verified = verified;
    }
    /**
     * What only the bucket shows: where its entries sit, its end markers, archived entries and
     * archive heads (each entry's head kept by the archive), and its commits as stored.
     */
    async bucket(bucket) {
        if (!this.reader.readBucketExtras)
            return;
        let extras;
        try {
            extras = await this.reader.readBucketExtras(this.namespace, bucket);
        }
        catch (error) {
            listError(this.context.problems, error, indexRef(this.namespace, bucket));
            return;
        }
        const placed = this.placed(bucket, [
            ...extras.keys.map(path => `${indexRef(this.namespace, bucket)}:${path}`),
            ...extras.markers.map(m => m.where),
            ...extras.entries.map(e => e.where)
        ]);
        for (const marker of extras.markers.filter(placed))
            try {
                this.endMarker(marker);
                this.context.counts.end_markers++;
            }
            catch (error) {
                listError(this.context.problems, error, marker.where);
            }
        const archive = {
            ref: archiveRef(this.namespace, bucket),
            tip: extras.archiveTip,
            kept: new Set(extras.heads.map(head => head.oid))
        };
        for (const entry of extras.entries.filter(placed))
            try {
                const head = this.archivedEntry(entry);
                const unkept = unkeptHeadProblem(head, archive);
                if (unkept)
                    this.context.problems.add(entry.where, finding(entry.where, unkept));
                else
                    this.context.counts.index_entries++;
            }
            catch (error) {
                listError(this.context.problems, error, entry.where);
            }
        for (const head of extras.heads)
            try {
                this.archivedHead(archive.ref, head);
                this.context.counts.archived_heads++;
            }
            catch (error) {
                listError(this.context.problems, error, archive.ref);
            }
        for (const admission of extras.admissions.filter(placed)) {
            const wrong = commitProblem(admission.text, ADMISSION_SUBJECT);
            if (wrong)
                this.context.problems.add(admission.where, finding(admission.where, wrong));
        }
        for (const commit of extras.commits) {
            const wrong = headerProblem(commit.content);
            if (wrong)
                this.context.problems.add(commit.ref, finding(commit.ref, wrong, commit.oid));
        }
    }
    /**
     * Notes where each entry of the bucket sits; answers whether an entry (by its `where`) is in
     * the bucket its hash selects. The others are named in placements.
     */
    placed(bucket, wheres) {
        const out = new Set();
        for (const where of wheres) {
            const path = placeOf(where);
            this.present.add(`${bucket}:${path}`);
            if (selectedBucket(path) === bucket || out.has(path))
                continue;
            out.add(path);
            this.misplaced.push({ bucket, path, where: `${indexRef(this.namespace, bucket)}:${path}` });
        }
        return ({ where }) => !out.has(placeOf(where));
    }
    /** Every entry out of the bucket its hash selects: a second copy, or one no reader finds. */
    placements() {
        for (const { bucket, path, where } of this.misplaced) {
            const home = selectedBucket(path);
            const held = home !== null && this.present.has(`${home}:${path}`);
            const wrong = placementProblem({ namespace: this.namespace, bucket, path }, held);
            if (wrong)
                this.context.problems.add(where, finding(where, wrong));
        }
    }
    /** An end marker names its key's newest generation's ledger, ended at the head it records. */
    endMarker(marker) {
        const entry = decodeIndexEntry(marker.where, marker.text, null);
        if (this.verified.brokenKeys.has(marker.key))
            return;
        const newest = this.verified.newest.get(marker.key);
        if (!newest)
            throw new errors_CorruptEntry(marker.where, 'it marks the end of a key its bucket does not hold');
        const ledger = newest.admission.ledger_ref;
        if (entry.ref !== ledger)
            throw new errors_CorruptEntry(marker.where, `it names ${entry.ref}, but the key's newest generation (${newest.generation}) is the ` +
                `ledger ${ledger}`);
        const chain = this.verified.chains.get(ledger);
        if (!chain || chain === 'broken')
            return; // listed where the ledger is
        const head = chain[chain.length - 1];
        if (head.oid !== entry.head)
            throw new errors_CorruptEntry(marker.where, `it records the end at ${entry.head}, but the ledger ${ledger} ends at ${head.oid}`);
        if (!states_isTerminal(head.value.state))
            throw new errors_CorruptEntry(marker.where, `the ledger it names has not ended: its last record (sequence ` +
                `${head.value.ledger_sequence}) is ${head.value.state}`);
    }
    /**
     * An archived chain's entry, answering its head; beside a live ref of the same chain, that
     * head must be in it.
     */
    archivedEntry(entry) {
        const decoded = decodeIndexEntry(entry.where, entry.text, entry.ref);
        if (this.context.listing.live.has(entry.ref))
            this.behind(entry.ref, decoded.head, entry.where);
        return decoded.head;
    }
    /** A head the archive keeps: a record or operation of a chain that still contains it. */
    archivedHead(archive, head) {
        if (head.content === null)
            throw new errors_CorruptEntry(archive, `it keeps ${head.oid} reachable, which this repository does not hold`);
        const subject = parseCommit(head.content).message.split('\n')[0] ?? '';
        let chain;
        // The subject names the chain entity (`dispatch-ledger <noun> <sequence> <state>`).
        if (subject.startsWith(`dispatch-ledger ${record_RUN_ENTRY.noun} `)) {
            const record = entry_decodeRecord(archive, head.content, head.oid).value;
            chain = refs_ledgerRef(this.namespace, record.run_id);
        }
        else if (subject.startsWith(`dispatch-ledger ${OPERATION_CHAIN.noun} `)) {
            const op = OPERATION_CHAIN.decode(archive, head.content, head.oid).value;
            chain = operationRef(this.namespace, op.operation_id);
        }
        else
            throw new errors_CorruptEntry(archive, `it keeps ${head.oid}, which is no record or operation`);
        this.behind(chain, head.oid, archive);
    }
    /** The chain at ref must contain `oid`, which `holder` names as one of its heads. */
    behind(ref, oid, holder) {
        const chain = this.verified.chains.get(ref);
        if (chain === 'broken' || this.verified.missing.has(ref))
            return; // listed already
        if (chain === undefined || chain === null)
            throw new errors_CorruptEntry(ref, `there is no such chain, but ${holder} keeps its head ${oid}: its ref or index entry was ` +
                'deleted');
        if (chain.some(e => e.oid === oid))
            return;
        const head = chain[chain.length - 1];
        throw new errors_CorruptEntry(ref, `it is behind the head its archive holds: ${holder} names ${oid}, which this chain (at ` +
            `${head.oid}, ${chain.length} records) does not contain — the ref was rewound or ` +
            'replaced after that head was archived');
    }
}

;// CONCATENATED MODULE: ./src/commands/verify.ts
/**
 * `dispatch-ledger verify`: every index entry, admission and chain of a namespace, live and
 * archived, verified as the commands verify them, plus what only a whole view sees. Read-only.
 *
 * Everything is read through the store's one listing of the namespace (`inventory`), its
 * listings of admissions, runs and operations, and one read session: a constant number of git
 * processes whatever the number of runs. Each check is the one the commands make (the
 * generations' read path, the admission's chain check, the chain names, reconstruct, the orphan
 * rule); what only a whole view can see is added here: refs no writer makes, a chain behind the
 * head its archive keeps, end markers that do not match their key's ledger, an admission that
 * disagrees with its run's first record, a receiver confirmation naming another run, commits the
 * product would not write, and what the buckets show (verifyBucket.ts).
 */
















async function verifyNamespace({ namespace }, { store }) {
    if (!store.inventory)
        throw new errors_StoreError(`The store ${store.name} cannot list every ref under ${namespace}, so verify cannot run on it.`);
    const problems = new Problems();
    const counts = Object.fromEntries(COUNTED.map(c => [c, 0]));
    const raw = await store.inventory(namespace);
    const listing = checkNames(namespace, raw, problems);
    counts.refs = raw.length;
    counts.index_buckets = listing.indexBuckets;
    counts.archive_refs = listing.archiveRefs;
    let unverified;
    try {
        await verifyEntries(namespace, store, { listing, problems, counts });
    }
    catch (error) {
        if (!(error instanceof DispatchLedgerError))
            throw error;
        if (listing.refused)
            unverified = error.message;
        else
            problems.add(whereOf(error, namespace), error.message);
    }
    return { counts, problems: problems.list, ...(unverified ? { unverified } : {}) };
}
async function verifyEntries(namespace, store, context) {
    await store.read(async (reader) => {
        // Listed in the session that reads them: one reader for the listings and every entry.
        const lister = listerOf(store, reader);
        const listed = async (prefix) => (await lister.listRefs(prefix)).map(e => e.ref);
        const admissions = await listed(admissionsPrefix(namespace));
        const runs = await listed(runsPrefix(namespace));
        const operations = await listed(operationsPrefix(namespace));
        const verifier = new Verifier(namespace, store, reader, context, admissions);
        await verifier.keys();
        for (const ref of new Set(runs))
            await verifier.run(ref);
        for (const ref of new Set(operations))
            await verifier.operation(ref);
        const buckets = new BucketVerifier(namespace, reader, context, verifier);
        for (const bucket of context.listing.buckets)
            await buckets.bucket(bucket);
        buckets.placements();
    });
}
class Verifier {
    namespace;
    store;
    reader;
    context;
    admissions;
    /** Chains read so far, by ref; 'broken' once a problem was listed for one. */
    chains = new Map();
    /** Keys whose admission is broken: their runs' orphan status is theirs to say. */
    brokenKeys = new Set();
    /** Ledgers an admission names that do not exist (listed there). */
    missing = new Set();
    newest = new Map();
    constructor(namespace, store, reader, context, admissions) {
        this.namespace = namespace;
        this.store = store;
        this.reader = reader;
        this.context = context;
        this.admissions = admissions;
    }
    problem(error, fallback) {
        listError(this.context.problems, error, fallback);
    }
    /** Every key, its generations read and each admission's chain checked as admit checks it. */
    async keys() {
        const byKey = new Map();
        for (const ref of this.admissions) {
            const base = ref.replace(/\.g[^/]*$/, '');
            byKey.set(base, [...(byKey.get(base) ?? []), ref]);
        }
        for (const [base, refs] of byKey)
            await this.key(base, refs).catch((error) => {
                this.brokenKeys.add(base);
                this.problem(error, base);
            });
    }
    async key(base, refs) {
        const listing = { admission_ref: base, refs: orderGenerations(base, refs) };
        const first = await this.reader.readAdmission(base);
        if (!first)
            throw new errors_CorruptEntry(base, 'it was listed but cannot be read');
        checkAdmissionNames(this.namespace, base, first.value);
        const query = { namespace: this.namespace, dispatch_key: first.value.dispatch_key };
        const { generations } = await readGenerationAdmissions(this.reader, listing, query);
        this.context.counts.keys++;
        for (const entry of generations) {
            try {
                const chain = await this.runChain(entry.admission.ledger_ref);
                if (!chain)
                    this.missing.add(entry.admission.ledger_ref);
                // runChain verified the chain itself: only the admission's hold on it is left.
                checkAdmittedKey(query, entry, chain, { own: false });
                const first = chain?.[0]?.value;
                const disagrees = first ? admissionRecordProblem(entry.admission, first) : null;
                if (disagrees) {
                    this.context.problems.add(entryLocation(entry.ref), finding(entryLocation(entry.ref), disagrees));
                    continue;
                }
                this.context.counts.admissions++;
            }
            catch (error) {
                if (!(error instanceof Reported))
                    this.brokenKeys.add(base);
                this.problem(error, entry.ref);
            }
        }
        const newest = generations[generations.length - 1];
        if (newest)
            this.newest.set(base, newest);
    }
    /** A run's chain read and verified as every reader does (names, reconstruct), once. */
    async runChain(ref) {
        const known = this.chains.get(ref);
        if (known === 'broken')
            throw new Reported();
        if (known !== undefined)
            return known;
        try {
            const read = withTexts(entry_decodeRecord);
            const chain = await this.reader.readChain(ref, read);
            if (chain) {
                storedNames_checkChainNames(this.namespace, ref, chain);
                runView_verifiedState(chain);
                this.shapes(ref, record_RUN_ENTRY, chain, read.texts);
            }
            this.chains.set(ref, chain);
            return chain;
        }
        catch (error) {
            this.chains.set(ref, 'broken');
            this.problem(error, ref);
            throw new Reported();
        }
    }
    /** A run, and the admission that admits it (a ledger no admission admits is an orphan). */
    async run(ref) {
        if (this.context.listing.symbolic.has(ref))
            return;
        try {
            const chain = (await this.runChain(ref));
            const first = chain?.[0]?.value;
            if (!first)
                return;
            const owner = { namespace: this.namespace, run_id: first.run_id };
            const dispatch_key = first.idempotency.dispatch_key;
            try {
                await generations_admissionOfRun(this.store, this.reader, { ...owner, dispatch_key }, this.admissions);
            }
            catch (error) {
                // A broken admission of its key is listed there; whether this run is an orphan waits.
                if (this.brokenKeys.has(refs_admissionRef(this.namespace, dispatch_key)))
                    return;
                throw error;
            }
            if (!(await this.confirmations(ref, chain)))
                return;
            this.context.counts.runs++;
        }
        catch (error) {
            this.problem(error, ref);
        }
    }
    /** An operation's chain, folded as effect folds it, and named by its operation id. */
    async operation(ref) {
        if (this.context.listing.symbolic.has(ref))
            return;
        try {
            const read = withTexts(OPERATION_CHAIN.decode);
            const chain = await this.reader.readChain(ref, read);
            if (!chain)
                return;
            const op = foldOperation(chain.map(e => e.value), { headOid: chain[chain.length - 1]?.oid, canonical: texts(chain) });
            if (operationRef(this.namespace, op.operation_id) !== ref)
                throw new errors_CorruptEntry(ref, `its records are of operation ${JSON.stringify(op.operation_id)}, whose chain is not ` +
                    'this ref (a copied chain?)');
            this.chains.set(ref, chain);
            this.shapes(ref, OPERATION_CHAIN, chain, read.texts);
            this.context.counts.operations++;
        }
        catch (error) {
            this.chains.set(ref, 'broken');
            this.problem(error, ref);
        }
    }
    /**
     * Each record of a chain as its commit was stored: no header the product never writes, and
     * the subject its writer gives that record. `texts`: the commits' texts, newest first.
     */
    shapes(ref, entry, chain, texts) {
        if (texts.length !== chain.length)
            return; // read before, not through this decoder
        chain.forEach((record, i) => {
            const text = texts[chain.length - 1 - i];
            const wrong = commitProblem(text, chainSubject(entry, record.value));
            if (wrong)
                this.context.problems.add(ref, finding(ref, wrong, record.oid));
        });
    }
    /**
     * A run's receiver confirmations, each checked against the receiver admission of its key:
     * they name only that admission's run and the workflow run that wrote it. False when one
     * does not (listed).
     */
    async confirmations(ref, chain) {
        for (const confirmation of receiverConfirmations(chain.map(e => e.value))) {
            const receiver = await this.receiverOf(confirmation.receiver_key);
            // No receiver admission (dropped by retention) or a broken one (listed there): unchecked.
            if (!receiver)
                continue;
            const wrong = confirmationProblem(confirmation, receiver);
            if (wrong) {
                this.context.problems.add(ref, finding(ref, wrong));
                return false;
            }
        }
        return true;
    }
    /** The receiver admission of a key: its run, and the workflow run that wrote its first record. */
    async receiverOf(key) {
        const ref = refs_admissionRef(this.namespace, key);
        if (this.brokenKeys.has(ref))
            return null;
        try {
            const admission = (await this.reader.readAdmission(ref))?.value;
            if (!admission)
                return null;
            const chain = await this.runChain(admission.ledger_ref);
            const first = chain?.[0]?.value;
            return { run_id: admission.run_id, writer_run_id: first?.writer?.github_run_id ?? null };
        }
        catch (error) {
            if (error instanceof Reported || error instanceof DispatchLedgerError)
                return null;
            throw error;
        }
    }
}
function texts(chain) {
    const all = chain.map(e => e.json);
    return all.every(t => t !== undefined) ? all : undefined;
}
/**
 * A chain decoder that keeps each commit's text as the walk reads it (newest first): what the
 * commit shape checks read, beside the decoded entries.
 */
function withTexts(decode) {
    const texts = [];
    return {
        texts,
        decode: (ref, raw, oid) => {
            texts.push(raw);
            return decode(ref, raw, oid);
        }
    };
}

;// CONCATENATED MODULE: ./src/cli/verifyView.ts
/** `dispatch-ledger verify`: the verify command's report, as lines or JSON; exit 1 on a problem. */


async function verifyCommand(context) {
    const { store, namespace } = context;
    const report = await verifyNamespace({ namespace }, { store });
    const ok = report.problems.length === 0;
    if (context.json)
        context.printJson({ namespace, store: store.name, ok, ...report });
    else if (ok)
        context.print(`${escapeControls(namespace)} at ${escapeControls(store.name)} verifies: ` +
            (Object.entries(report.counts)
                .map(([kind, n]) => `${n} ${kind}`)
                .join(', ') || 'nothing to verify') +
            '.');
    else {
        for (const { where, problem } of report.problems)
            context.print(`${escapeControls(where)}: ${escapeControls(problem)}`);
        // The problems above stop every command, so nothing past them was read: say so.
        if (report.unverified)
            context.print(`not verified further: ${escapeControls(report.unverified)}`);
    }
    return ok ? 0 : 1;
}

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: ./src/cli/usage.ts
/**
 * The command line's words (docs/cli.md): its subcommands, their options, and their help.
 * Parsing is Node's own `util.parseArgs`, strict: an unknown flag is a usage error (exit 2).
 */




const SUBCOMMANDS = ['status', 'show', 'verify', 'key'];
/** Wrong words on the command line: exit 2, one line, and where to read the right ones. */
class UsageError extends Error {
}
const COMMON = {
    repository: { type: 'string' },
    remote: { type: 'string' },
    'ledger-repository': { type: 'string' },
    'server-url': { type: 'string' },
    namespace: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' }
};
const OWN = {
    status: {
        all: { type: 'boolean' },
        state: { type: 'string' },
        key: { type: 'string' },
        limit: { type: 'string' }
    },
    show: { mermaid: { type: 'boolean' }, 'event-name': { type: 'string' } },
    verify: {},
    key: { 'event-name': { type: 'string' } }
};
/** How many positional arguments each takes, and what the one it takes is called. */
const POSITIONAL = {
    status: null,
    show: '<run id | dispatch key | event file | operation id>',
    verify: null,
    key: '<event file>'
};
const COMMON_HELP = `Where the ledger is read (one fetch of the namespace into a cache repository of
its own; your refs are never written, and nothing is ever written to the arbiter):
  --repository PATH              the clone whose remote is read (default: the working directory)
  --remote NAME|URL              a remote of that clone, or the arbiter's URL (default: origin)
  --ledger-repository OWNER/NAME read that ledger repository instead (GH_TOKEN or GITHUB_TOKEN
                                 is sent to it when set)
  --server-url URL               its server (default: GITHUB_SERVER_URL, else https://github.com)
  --namespace REFS               the namespace (default: refs/dispatch-ledger)
  --json                         machine-readable output
  -h, --help                     this help`;
/** A list after the help's option column (33 columns in), wrapped to fit 80 columns. */
function wrapped(words) {
    const lines = [];
    for (const word of words) {
        const last = lines.length - 1;
        if (last >= 0 && lines[last].length + word.length + 2 <= 80 - 33)
            lines[last] += `, ${word}`;
        else
            lines.push(word);
    }
    return lines.join(`,\n${' '.repeat(33)}`);
}
const HELP = {
    main: `dispatch-ledger: the operator's read-only view of a dispatch-ledger namespace.

Usage: dispatch-ledger <command> [options]

Commands:
  status [--all] [--state S] [--key K] [--limit N]
                                 every run not ended (--all: every run; --state, --key and
                                 --limit filter), with its next action, and every operation
                                 held for an operator
  show <run id | key | event>    one run: its records, plan, receiver and generations (or one
                                 operation, by its operation id)
  verify                         every entry verified, and what only a whole view sees
  key <event file>               the dispatch key and request digest an event derives, and its run

Run \`dispatch-ledger <command> --help\` for a command's options; \`dispatch-ledger --version\`
prints the version.

${COMMON_HELP}`,
    status: `Usage: dispatch-ledger status [--all] [--state S] [--key K] [--limit N] [--json] [options]

Lists every run that has not ended (--all: every run) with its run id, dispatch key, state,
next action, age (since its newest record) and the workflow run that wrote that record, then
every operation (a tag, a release, …) held for an operator. A run that cannot be read (its
ledger does not verify, or its admission names a ledger that was deleted) is listed with its
problem whatever the filters, and status then exits 1. The table fits the terminal's width
(COLUMNS, else 80 when not a terminal).

  --all                          every run, ended ones included
  --state S                      only runs in state S (ended states included), one of
                                 ${wrapped(states_STATES)}
  --key K                        only the run of dispatch key K (K* : keys that start with K)
  --limit N                      at most N runs

${COMMON_HELP}`,
    show: `Usage: dispatch-ledger show <run id | dispatch key | event file> [--json] [--mermaid] [options]

One run: its records (sequence, state, time, writer, submission, external ids), the plan with
its reason, the receiver admission of its current attempt, and the key's generations. An event
file (the JSON a workflow's GITHUB_EVENT_PATH names) selects the run its key admitted.

  --mermaid                      print the run's states as a mermaid state diagram
  --event-name NAME              the event file's event (default: inferred from its fields)

${COMMON_HELP}`,
    verify: `Usage: dispatch-ledger verify [--json] [options]

Verifies every index entry, admission and chain, live and archived, as the commands verify
them, and what only a whole view sees (orphans, admissions whose ledger is missing, a live ref
behind its archived head, an archived head its archive ref no longer keeps, an admission that
disagrees with its first record, a receiver confirmation naming another run, commit headers or
subjects the product never writes, entries out of their bucket, symbolic refs, v1 refs, unknown
names). Exit 0 with the counts verified; exit 1 listing every problem.

${COMMON_HELP}`,
    key: `Usage: dispatch-ledger key <event file> [--event-name NAME] [--json] [options]

The dispatch key and request digest the event derives (as the actions derive them), and which
run owns the key.

  --event-name NAME              the event (issues, pull_request, issue_comment, …); default:
                                 inferred from the file's fields

${COMMON_HELP}`
};
function usage_parse(argv) {
    const [first, ...rest] = argv;
    if (first === undefined || first === '--help' || first === '-h' || first === 'help')
        return { command: 'help', help: HELP.main, values: {}, argument: null };
    if (first === '--version' || first === '-V')
        return { command: 'version', help: HELP.main, values: {}, argument: null };
    if (!SUBCOMMANDS.includes(first))
        throw new UsageError(`unknown command ${JSON.stringify(first)}: use one of ${SUBCOMMANDS.join(', ')} ` +
            '(dispatch-ledger --help lists them)');
    const command = first;
    let parsed;
    try {
        parsed = (0,external_node_util_namespaceObject.parseArgs)({
            args: [...rest],
            options: { ...COMMON, ...OWN[command] },
            allowPositionals: true,
            strict: true
        });
    }
    catch (error) {
        throw new UsageError(`${command}: ${error.message.split('\n')[0]?.split('. To specify')[0]} (dispatch-ledger ${command} --help)`);
    }
    const wanted = POSITIONAL[command];
    const { positionals, values } = parsed;
    if (!values.help && positionals.length !== (wanted ? 1 : 0))
        throw new UsageError(wanted
            ? `${command} takes one argument, ${wanted} (dispatch-ledger ${command} --help)`
            : `${command} takes no argument, but was given ${JSON.stringify(positionals[0])} (dispatch-ledger ${command} --help)`);
    const limit = values.limit;
    if (typeof limit === 'string' && !/^[1-9][0-9]*$/.test(limit))
        throw new UsageError(`${command}: --limit ${JSON.stringify(limit)} is not a whole number of runs, at least 1 (dispatch-ledger ${command} --help)`);
    const state = values.state;
    if (typeof state === 'string' && !states_STATES.includes(state))
        throw new UsageError(`${command}: --state ${JSON.stringify(state)} is not a state: use one of ${states_STATES.join(', ')} (dispatch-ledger ${command} --help)`);
    // A namespace is refused by its words alone, as a malformed --limit is: a usage mistake.
    if (typeof values.namespace === 'string')
        try {
            validateNamespace(values.namespace, '--namespace');
        }
        catch (error) {
            if (!(error instanceof errors_InvalidInput))
                throw error;
            throw new UsageError(`${command}: ${error.message} (dispatch-ledger ${command} --help)`);
        }
    return { command, help: HELP[command], values, argument: positionals[0] ?? null };
}

;// CONCATENATED MODULE: ./src/cli/main.ts
/**
 * `dispatch-ledger`, the command line (docs/cli.md): a second adapter beside src/action/, over
 * the same commands and the same store code. It reads through a read-only store opened on one
 * fetch of the namespace, so nothing it does can write to the arbiter or to the user's refs.
 */











const RUNNERS = {
    status: statusCommand,
    show: showCommand,
    verify: verifyCommand,
    key: keyCommand
};
/** Runs one command line; returns the exit code (2 usage, 1 an error or a problem found, 0 ok). */
async function runCli(argv, io) {
    let parsed;
    try {
        parsed = usage_parse(argv);
    }
    catch (error) {
        if (!(error instanceof UsageError))
            throw error;
        io.stderr.write(`dispatch-ledger: ${logLine(error.message)}\n`);
        return 2;
    }
    if (parsed.command === 'version') {
        io.stdout.write(`dispatch-ledger ${io.version ?? 'unknown (a build without its version)'}\n`);
        return 0;
    }
    if (parsed.command === 'help' || parsed.values.help) {
        io.stdout.write(`${parsed.help}\n`);
        return 0;
    }
    try {
        const context = await contextFor(parsed, io);
        const exit = await RUNNERS[parsed.command](context);
        keep(context.store.memo);
        return exit;
    }
    catch (error) {
        io.stderr.write(`dispatch-ledger ${parsed.command}: ${oneLine(error)}\n`);
        return 1;
    }
}
async function contextFor(parsed, io) {
    const text = (name) => {
        const value = parsed.values[name];
        return typeof value === 'string' ? value : undefined;
    };
    const namespace = text('namespace') ?? DEFAULT_NAMESPACE;
    const serverUrl = text('server-url') ?? io.env.GITHUB_SERVER_URL;
    const store = await openSnapshotStore({
        repositoryPath: text('repository') ?? io.cwd,
        remote: text('remote') ?? 'origin',
        ledgerRepository: text('ledger-repository') ?? null,
        serverUrl,
        namespace,
        env: io.env,
        // Only status reads every run, so only it gains from the memo; verify derives everything.
        memo: io.build && parsed.command === 'status' ? { fingerprint: io.build() } : null
    });
    return {
        parsed,
        store,
        namespace,
        clock: io.clock ?? systemClock,
        serverUrl,
        json: parsed.values.json === true,
        style: styleFor(io.stdout, io.env),
        width: widthFor(io.stdout, io.env),
        print: line => io.stdout.write(`${line}\n`),
        printJson: value => io.stdout.write(`${inertJson(value)}\n`),
        cwd: io.cwd
    };
}
/** Saves the memo; one that cannot be saved (a read-only disk) only means deriving again later. */
function keep(memo) {
    try {
        memo?.persist();
    }
    catch {
        // Nothing the command answered depends on it.
    }
}
/**
 * An error as one inert line: ours carry what is wrong and the fix; anything else its message
 * only. Either may quote stored text (a schema library's message names a forged field).
 */
function oneLine(error) {
    return logLine(error instanceof DispatchLedgerError
        ? error.message
        : `unexpected error: ${error?.message ?? String(error)}`);
}


/***/ }),

/***/ 598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 24:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(486);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
