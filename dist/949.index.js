export const id = 949;
export const ids = [949];
export const modules = {

/***/ 2949:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GitHubReleases: () => (/* binding */ GitHubReleases),
/* harmony export */   classifyCreateError: () => (/* binding */ classifyCreateError)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _github_octokit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6702);
/**
 * The release API over `@actions/github`'s octokit (SPEC §13). No retry or throttling plugin:
 * a create is sent exactly once, and every answer is classified for the decision table. The
 * base URL is GITHUB_API_URL (GitHub Enterprise, or the fake API in tests).
 */


class GitHubReleases {
    options;
    octokit = null;
    owner;
    repo;
    constructor(options) {
        this.options = options;
        const [owner, repo, ...rest] = options.repository.split('/');
        if (!owner || !repo || rest.length > 0)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`GITHUB_REPOSITORY is ${JSON.stringify(options.repository)}, not owner/repo. The runner sets it.`);
        this.owner = owner;
        this.repo = repo;
    }
    client() {
        this.octokit ??= (0,_github_octokit_js__WEBPACK_IMPORTED_MODULE_1__/* .loadOctokit */ .m)({ token: this.options.token, apiUrl: this.options.apiUrl });
        return this.octokit;
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
            return classifyCreateError(error);
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
                request: { signal: AbortSignal.timeout(this.options.timeoutMs * 4) }
            });
            return all.map(view);
        });
    }
    where() {
        return { owner: this.owner, repo: this.repo };
    }
    signal() {
        return AbortSignal.timeout(this.options.timeoutMs);
    }
    /** 404 → absent; any other failure → the lookup failed (never "absent"). */
    async lookup(fn) {
        try {
            return { ok: true, value: await fn() };
        }
        catch (error) {
            const status = statusOf(error);
            if (status === 404)
                return { ok: true, value: null };
            return { ok: false, detail: describe(error) };
        }
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
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : null;
}
/**
 * Only an answer GitHub gave is definite. A 422 naming `already_exists` is the fence; other
 * 4xx (400, 401, 403, 404, 409, 422) refuse; anything else — 5xx, 429, a timeout, a dropped
 * connection (octokit reports those as status 500 with no response) — may have created it.
 */
function classifyCreateError(error) {
    const status = statusOf(error);
    const detail = describe(error);
    const response = error?.response;
    if (status === 422 && response && isAlreadyExists(response.data))
        return { kind: 'already_exists', detail };
    if (status !== null && response && [400, 401, 403, 404, 409, 422].includes(status))
        return {
            kind: 'refused',
            status,
            detail: status === 403 ? `${detail} (the token needs contents: write)` : detail
        };
    return { kind: 'ambiguous', detail };
}
function isAlreadyExists(data) {
    const errors = data?.errors;
    return (Array.isArray(errors) &&
        errors.some(e => e?.code === 'already_exists'));
}
/** The status and GitHub's message, never a body verbatim (it could echo a token). */
function describe(error) {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const safe = (message ?? '').replace(/gh[pousr]_[A-Za-z0-9]{20,}/g, '***').slice(0, 300);
    return status !== null ? `HTTP ${status}: ${safe}` : safe;
}


/***/ })

};
