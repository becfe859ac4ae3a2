export const id = 275;
export const ids = [275];
export const modules = {

/***/ 8236:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  effectStep: () => (/* binding */ effectStep)
});

// EXTERNAL MODULE: ./src/core/effect/decide.ts
var decide = __webpack_require__(6229);
// EXTERNAL MODULE: ./src/core/entry.ts
var entry = __webpack_require__(5263);
;// CONCATENATED MODULE: ./src/core/effect/artifacts.ts
/**
 * The bytes an operation puts into the world, derived only from recorded values so that every
 * writer of the same operation produces the same bytes: the annotated tag object (so an
 * ambiguous push is settled by object id) and the release body's marker (so a lookup can
 * attribute a release to the operation).
 */


/** The raw text `git hash-object -t tag` takes. */
function tagObjectText(spec) {
    const name = spec.intent.tag_ref.slice('refs/tags/'.length);
    const message = spec.message.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
    const body = `${message ? `${message}\n\n` : ''}${operationLine(spec.operation_id, spec.intent_digest)}\n`;
    return (`object ${spec.intent.target}\ntype commit\ntag ${name}\n` +
        `tagger ${entry/* IDENTITY */.zK} ${spec.time} +0000\n\n${body}`);
}
function operationLine(operationId, intentDigest) {
    return `dispatch-ledger operation: ${operationId} intent: ${intentDigest}`;
}
/** docs/design/effects.md: the marker a release body carries. */
function releaseMarker(operationId, intentDigest) {
    return `<!-- ${operationLine(operationId, intentDigest)} -->`;
}
/** The body sent to GitHub: the workflow's body, then the marker on its own line. */
function releaseBodyWithMarker(body, operationId, digest) {
    const marker = releaseMarker(operationId, digest);
    return body ? `${body}\n\n${marker}` : marker;
}
/** Every operation a release body names by marker (normally one). */
function markersIn(body) {
    const found = [];
    const pattern = /<!-- dispatch-ledger operation: (\S+) intent: (sha256:[0-9a-f]{64}) -->/g;
    for (const match of (body ?? '').matchAll(pattern))
        found.push({ id: match[1], digest: match[2] });
    return found;
}

// EXTERNAL MODULE: ./src/core/effect/operation.ts
var operation = __webpack_require__(6084);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/validate.ts
var validate = __webpack_require__(993);
;// CONCATENATED MODULE: ./src/core/effect/tagName.ts
/**
 * Which tag names an effect may create. Pure: git's own check-ref-format rules for
 * `refs/tags/<name>`, written out here so that nothing is spawned to judge a name, plus the
 * names git would read as something other than this tag in ordinary use.
 *
 * How git reads a short name (`git show <name>`, gitrevisions): first a file in the
 * repository's git directory (HEAD, FETCH_HEAD, ORIG_HEAD, MERGE_HEAD… — only names of
 * upper-case letters and `_` are looked up there), then `refs/<name>`, then
 * `refs/tags/<name>`, then `refs/heads/<name>`, then `refs/remotes/<name>`. So a tag named
 * `HEAD` or `FETCH_HEAD` is hidden behind the file of that name, and a tag named
 * `heads/main` is hidden behind the branch `refs/heads/main`. Those are refused. A tag named
 * like a branch (`main`) or a remote-tracking branch (`origin/main`) is the other way round:
 * the tag wins and git warns that the name is ambiguous; which branches and remotes exist is
 * not known here, so those are left to the repository's own rules.
 */
/** The longest tag name, in UTF-8 bytes: a loose ref is one file, and file names stop at 255. */
const MAX_TAG_BYTES = 255;
/**
 * The first components that name a ref namespace git or GitHub fills in ordinary use:
 * `<first>/…` would be found as `refs/<first>/…` before `refs/tags/<first>/…`.
 * `main-worktree/` and `worktrees/` are git's syntax for another worktree's refs.
 */
const SHADOWED_NAMESPACES = [
    'heads',
    'tags',
    'remotes',
    'notes',
    'replace',
    'bisect',
    'stash',
    'prefetch',
    'rewritten',
    'worktree',
    'main-worktree',
    'worktrees',
    'pull'
];
/**
 * Names git keeps as files in the git directory besides `*_HEAD` (its "irregular" root refs);
 * a tag of the same name is hidden behind them.
 */
const ROOT_REFS = [
    'AUTO_MERGE',
    'BISECT_EXPECTED_REV',
    'NOTES_MERGE_PARTIAL',
    'NOTES_MERGE_REF',
    'MERGE_AUTOSTASH'
];
/** ASCII control characters, space and the characters check-ref-format forbids anywhere. */
const FORBIDDEN_CHARACTER = /[\u0000-\u0020\u007f~^:?*[\\]/;
/**
 * Stricter than git, which takes any byte above 0x7f: no Unicode space, line or paragraph
 * separator, control or invisible format character (a right-to-left override or a zero-width
 * space would make two different tags look the same), and no unpaired surrogate (it has no
 * UTF-8 form, so the ref would not be the name that was checked).
 */
const UNSAFE_UNICODE = /[\p{Z}\p{Cc}\p{Cf}\p{Cs}]/u;
/**
 * What is wrong with `tag` as the name of `refs/tags/<tag>`, in words that end with the fix;
 * null when it may be created.
 */
function tagNameProblem(tag) {
    const fix = 'give the name without refs/tags/, for example v1.2.3';
    if (tag.length === 0)
        return `it is empty; ${fix}`;
    if (tag === '@')
        return `"@" alone means HEAD to git; ${fix}`;
    if (tag.startsWith('refs/'))
        return `it begins with refs/, so it is a full ref name, not a tag name; ${fix}`;
    if (tag.startsWith('-'))
        return `it begins with "-", which git commands read as an option; ${fix}`;
    if (tag.startsWith('.'))
        return `it begins with "."; ${fix}`;
    if (/^(?:[A-Z_]*_)?HEAD$/.test(tag) || ROOT_REFS.includes(tag))
        return `git reads ${JSON.stringify(tag)} as its own ref of that name (a file in the git directory) before any tag, so the tag would be hidden; ${fix}`;
    const first = tag.split('/', 1)[0];
    if (SHADOWED_NAMESPACES.includes(first))
        return `git reads ${first}/… as refs/${first}/… before refs/tags/${first}/…, so the tag would be hidden behind that ref; choose a name that does not begin with ${first}/, for example v1.2.3`;
    if (new TextEncoder().encode(tag).length > MAX_TAG_BYTES)
        return `it is longer than ${MAX_TAG_BYTES} bytes; shorten it`;
    const character = FORBIDDEN_CHARACTER.exec(tag)?.[0] ?? UNSAFE_UNICODE.exec(tag)?.[0];
    if (character !== undefined)
        return `it contains ${shown(character)}; git ref names hold no spaces, control characters or any of ~ ^ : ? * [ \\, and this action refuses invisible Unicode characters too; ${fix}`;
    if (tag.includes('..'))
        return `it contains ".."; ${fix}`;
    if (tag.includes('@{'))
        return `it contains "@{", which git reads as a reflog selector; ${fix}`;
    if (tag.endsWith('/') || tag.includes('//'))
        return `it has an empty path component (a trailing "/" or "//"); ${fix}`;
    if (tag.endsWith('.'))
        return `it ends with "."; ${fix}`;
    for (const component of tag.split('/')) {
        if (component.startsWith('.'))
            return `its component ${JSON.stringify(component)} begins with "."; ${fix}`;
        if (component.endsWith('.lock'))
            return `its component ${JSON.stringify(component)} ends with ".lock", which git reserves for lock files; ${fix}`;
    }
    return null;
}
/** A character as a message may show it: printable ASCII quoted, anything else as U+XXXX. */
function shown(character) {
    const code = character.codePointAt(0);
    return code >= 0x20 && code < 0x7f
        ? JSON.stringify(character)
        : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

;// CONCATENATED MODULE: ./src/core/effect/request.ts
/**
 * What `command: effect` is asked for, checked before anything is read or written: the plain
 * values a step gives, validated into a request (docs/design/effects.md#inputs-and-outputs).
 * Pure.
 */




/**
 * Validates the plain values and builds the request: the intent and its text fields. Every
 * problem is an InvalidInput naming the field; nothing has been read or written yet.
 */
function effectRequestFrom(options) {
    const kind = options.kind;
    if (kind !== 'tag' && kind !== 'release')
        throw new errors/* InvalidInput */.o9(`command: effect needs the \`kind\`, tag or release; got ${JSON.stringify(kind)}.`);
    checkTagName(options.tag, 'The `tag`');
    const target = options.target || options.default_target;
    if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(target))
        throw new errors/* InvalidInput */.o9(`The \`target\` must be a full commit id (40 or 64 lowercase hex digits); got ${JSON.stringify(target)}. ` +
            'Leave it empty to tag GITHUB_SHA.');
    if (!options.repository_id)
        throw new errors/* InvalidInput */.o9('GITHUB_REPOSITORY_ID is not set, and the intent of an effect names its repository. ' +
            'Run inside a workflow (the runner sets it).');
    let operationId = options.operation_id;
    if (!operationId) {
        if (!options.run_id)
            throw new errors/* InvalidInput */.o9('command: effect needs the `operation_id`, or the `run_id` its default ' +
                '(<run id>/<kind>/<tag>) is made from.');
        operationId = (0,operation/* defaultOperationId */.cm)(options.run_id, kind, options.tag);
    }
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, operationId, 'The `operation_id`');
    const release = kind === 'release'
        ? {
            name: options.release_name || options.tag,
            body_digest: (0,operation/* textDigest */.oA)(options.release_body),
            draft: options.draft,
            prerelease: options.prerelease
        }
        : null;
    return {
        namespace: options.namespace,
        operation_id: operationId,
        intent: {
            repository_id: options.repository_id,
            kind,
            tag_ref: `refs/tags/${options.tag}`,
            target,
            message_digest: (0,operation/* textDigest */.oA)(options.message),
            release
        },
        message: options.message,
        release_body: options.release_body,
        writer: options.writer
    };
}
/**
 * The one check of a tag name, before anything is read or written: `what` names where the
 * name came from (the `tag` input, or an intent built by hand).
 */
function checkTagName(tag, what) {
    const problem = tagNameProblem(tag);
    if (problem !== null)
        throw new errors/* InvalidInput */.o9(`${what} ${JSON.stringify(tag)} is refused: ${problem}.`);
}

;// CONCATENATED MODULE: ./src/core/send/effectOutcome.ts
function classifyTagPush(pushed, tagObject) {
    switch (pushed.kind) {
        case 'created':
            return { kind: 'submitted', external_ids: { tag_object: tagObject } };
        case 'rejected':
            return {
                kind: 'ambiguous',
                reason: 'the tag exists: fetch it and the journal to see whose it is'
            };
        case 'refused':
            return {
                kind: 'refused',
                failure: { code: 'push_refused', classification: 'provider', retryable: false },
                message: 'the remote refused the push (a hook or ruleset): neither the tag nor the record ' +
                    `was written (${pushed.detail})`
            };
        case 'ambiguous':
            return {
                kind: 'ambiguous',
                reason: `the push was not answered: fetch the tag and the journal (${pushed.detail})`
            };
    }
}
function classifyReleaseCreate(created) {
    switch (created.kind) {
        case 'created':
            return { kind: 'submitted', external_ids: releaseIds(created.release) };
        case 'already_exists':
            return {
                kind: 'ambiguous',
                reason: `GitHub refused a second release for this tag: look up whose it is (${created.detail})`
            };
        case 'refused':
            return {
                kind: 'refused',
                failure: { code: `http_${created.status}`, classification: 'provider', retryable: false },
                message: `refused ${created.status}: ${created.detail}`
            };
        case 'ambiguous':
            return {
                kind: 'ambiguous',
                reason: `the outcome of the create is not known: look it up (${created.detail})`
            };
    }
}
/** The ids a release is recorded by. */
function releaseIds(release) {
    return { release_id: String(release.id), release_url: release.html_url };
}
/**
 * A complete lookup that found nothing proves absence only where the provider is fenced (a
 * create-only push, a published release): a draft has no fence, and a create that answered
 * late may still commit, so for a draft nothing found is `unknown`.
 */
function classifyEffectLookup(found, fenced, seen) {
    switch (found) {
        case 'ours':
            return { kind: 'found', external_ids: seen.external_ids, reason: seen.reason };
        case 'other':
        case 'several':
            return { kind: 'conflict', reason: seen.reason };
        case 'none':
            return { kind: fenced ? 'absent' : 'unknown', reason: seen.reason };
        case 'unavailable':
            return { kind: 'unavailable', reason: seen.reason };
    }
}

;// CONCATENATED MODULE: ./src/providers/release.ts


class ReleaseProvider {
    options;
    name = 'release';
    /** Published: GitHub refuses a second release for the tag. A draft: no fence. */
    fenced;
    commitsWithRecord = false;
    constructor(options) {
        this.options = options;
        this.fenced = !options.release.draft;
    }
    /** POST once; `may_have_been_sent` must be durable before. */
    async send() {
        const { api, release } = this.options;
        return classifyReleaseCreate(await api.create({
            tag_name: this.options.tagName,
            name: release.name,
            body: this.options.body,
            draft: release.draft,
            prerelease: release.prerelease
        }));
    }
    /** A draft: every release, drafts included, by marker. Published: the tag's release. */
    async lookup() {
        const { api, tagName } = this.options;
        if (!this.fenced) {
            const listed = await api.listAll();
            if (!listed.ok)
                return this.classify('unavailable', null, listed.detail);
            const marked = listed.value.filter(r => this.carriesOurMarker(r));
            const found = marked.length === 0 ? 'none' : marked.length === 1 ? 'ours' : 'several';
            return this.classify(found, found === 'ours' ? marked[0] : null, `listed ${listed.value.length} releases incl. drafts; ${marked.length} carry our marker`);
        }
        const byTag = await api.byTag(tagName);
        if (!byTag.ok)
            return this.classify('unavailable', null, byTag.detail);
        const release = byTag.value;
        const found = release === null ? 'none' : this.carriesOurMarker(release) ? 'ours' : 'other';
        return this.classify(found, found === 'ours' ? release : null, release === null
            ? `no published release for ${tagName}`
            : `published release ${release.id} for ${tagName} ${found === 'ours' ? 'carries our marker' : 'is not ours'}`);
    }
    /** After a 201: the release must carry our marker and every field we asked for. */
    async readBack(id) {
        const got = await this.options.api.get(id);
        if (!got.ok)
            return { found: 'unavailable', release: null, observation: got.detail };
        const release = got.value;
        const found = release === null ? 'none' : this.matchesIntent(release) ? 'match' : 'mismatch';
        return { found, release, observation: `read back release ${id}: ${found}` };
    }
    classify(found, mine, reason) {
        return classifyEffectLookup(found, this.fenced, {
            external_ids: mine ? releaseIds(mine) : {},
            reason
        });
    }
    carriesOurMarker(release) {
        return markersIn(release.body).some(m => m.id === this.options.operationId && m.digest === this.options.intentDigest);
    }
    matchesIntent(release) {
        const wanted = this.options.release;
        return (this.carriesOurMarker(release) &&
            release.tag_name === this.options.tagName &&
            (release.name ?? '') === wanted.name &&
            release.draft === wanted.draft &&
            release.prerelease === wanted.prerelease &&
            (release.body ?? '').replace(/\r\n/g, '\n') === this.options.body.replace(/\r\n/g, '\n'));
    }
}

;// CONCATENATED MODULE: ./src/providers/tag.ts
/**
 * The tag push, a provider of the one send protocol (docs/design/effects.md#tag-protocol). The
 * tag is create-only with a deterministic object, so it is fenced. Where the tag and the
 * operation's `terminal_committed` record share one repository they travel in one atomic push
 * (the provider port's "commits with record" capability); where they cannot (a ledger
 * repository of its own, docs/design/ledger-repository.md) the tag is pushed alone and a
 * lookup, comparing the tag's object with ours by id, settles it before the record is written.
 */



class TagProvider {
    options;
    name = 'tag';
    /** A create-only push: a second one for the same tag is rejected. */
    fenced = true;
    commitsWithRecord;
    constructor(options) {
        this.options = options;
        this.commitsWithRecord = options.commit.withRecord;
    }
    /** The deterministic tag object of the operation (the same text gives the same id). */
    ourTagObject() {
        const op = this.options.operation.state;
        if (!op)
            throw new Error('tag object before the operation was prepared');
        return this.options.tags.writeTagObject(tagObjectText({
            operation_id: op.operation_id,
            intent: this.options.intent,
            intent_digest: this.options.intentDigest,
            message: this.options.message,
            time: (0,entry/* epochSeconds */.DQ)(op.prepared_at)
        }));
    }
    /** The tag and the terminal_committed record in one atomic push, or the tag alone. */
    async send() {
        const { tags, commit, intent } = this.options;
        if (!(await tags.hasCommit(intent.target)))
            throw new errors/* InvalidInput */.o9(`The target commit ${intent.target} is not in the checkout, so no tag object can ` +
                'point at it. Check out with enough history (actions/checkout fetch-depth) or set target.');
        const tagOid = await this.ourTagObject();
        const tag = { ref: intent.tag_ref, oid: tagOid };
        if (!commit.withRecord) {
            // Pushed alone, the tag is not yet recorded: whatever git answered, the lookup decides.
            const pushed = await commit.push(tag);
            const outcome = classifyTagPush(pushed, tagOid);
            return outcome.kind === 'submitted'
                ? {
                    kind: 'ambiguous',
                    reason: `${intent.tag_ref} was pushed alone: look it up to record it`
                }
                : outcome;
        }
        const record = this.options.following({
            state: 'terminal_committed',
            result: { tag_object: tagOid, release_id: null, release_url: null },
            observation: 'the tag and this record were pushed in one atomic push'
        });
        return classifyTagPush(await commit.push(tag, record), tagOid);
    }
    /** Fetches the journal and the tag; the caller re-plans when the journal moved. */
    async lookup() {
        const { tags, operation, intent } = this.options;
        let tagOid;
        try {
            await operation.reload();
            tagOid = await tags.readTag(intent.tag_ref);
        }
        catch (error) {
            if (!(error instanceof errors/* StoreError */.AD))
                throw error;
            return classifyEffectLookup('unavailable', this.fenced, {
                external_ids: {},
                reason: error.message
            });
        }
        const ours = await this.ourTagObject();
        const found = tagOid === null ? 'none' : tagOid === ours ? 'ours' : 'other';
        return classifyEffectLookup(found, this.fenced, {
            external_ids: { tag_object: ours },
            reason: tagOid === null
                ? `neither ${intent.tag_ref} nor the record is at the remote`
                : `${intent.tag_ref} holds ${tagOid}${found === 'ours' ? ', ours' : `, not our ${ours}`}`
        });
    }
}

// EXTERNAL MODULE: ./src/store/localStore.ts
var localStore = __webpack_require__(281);
// EXTERNAL MODULE: ./src/store/remoteStore.ts
var remoteStore = __webpack_require__(7994);
// EXTERNAL MODULE: ./src/store/ledgerRepository.ts + 1 modules
var ledgerRepository = __webpack_require__(8109);
// EXTERNAL MODULE: ./src/store/index/physical.ts
var physical = __webpack_require__(3049);
;// CONCATENATED MODULE: ./src/store/tagStore.ts
/**
 * The git side of the tag provider (docs/design/effects.md#tag-protocol): reading a tag at the
 * arbiter, writing the deterministic tag object, and the one write that makes a tag exactly
 * once — the tag (create-only) and the operation's `terminal_committed` record (a lease on the
 * operation's head) in one atomic transaction: `git update-ref --stdin` locally,
 * `git push --atomic` to a remote. The operation's chain itself is read and appended through
 * the Store port like every chain (store/journal.ts).
 */






/** The tag store over the same repository and arbiter as the chain store. */
function tagStoreFor(store) {
    if (store instanceof ledgerRepository/* LedgerRepositoryStore */.ZW) {
        // Tags stay in the code repository; only the operation's chain is in the ledger repository.
        if (store.code)
            return new CodeRepositoryTagStore(store.code);
        throw new errors/* InvalidInput */.o9(`effect with ledger-repository (${store.name}) pushes its tag to this repository's ` +
            'origin, and the workspace has no checkout with an origin remote. Check the repository ' +
            'out first (actions/checkout, with the history that holds the target). Nothing was sent.');
    }
    if (store instanceof remoteStore/* RemoteStore */.q)
        return new RemoteTagStore(store);
    if (store instanceof localStore/* LocalStore */.V)
        return new LocalTagStore(store);
    throw new errors/* StoreError */.AD(`no tag store for the ${store.name} store`);
}
class LocalTagStore {
    store;
    name = 'local';
    atomicWithRecord = true;
    git;
    constructor(store) {
        this.store = store;
        this.git = store.git;
    }
    readTag(tagRef) {
        return this.withObjects(async (objects) => (await objects.read(tagRef))?.oid ?? null);
    }
    readTagCommit(tagRef) {
        return this.withObjects(async (objects) => (await objects.read(`${tagRef}^{commit}`))?.oid ?? null);
    }
    hasCommit(oid) {
        return this.withObjects(async (objects) => (await objects.read(oid))?.type === 'commit');
    }
    writeTagObject(text) {
        return this.git.writeObject({ type: 'tag', text });
    }
    pushTagWithRecord(update) {
        return pushThroughStore(this.store, update);
    }
    async pushTag(tag) {
        const made = await this.git.changeRefs([{ ...tag, expected: null }]);
        return { kind: made ? 'created' : 'rejected' };
    }
    async withObjects(fn) {
        const objects = this.git.openReader();
        try {
            return await fn(objects);
        }
        finally {
            objects.close();
        }
    }
}
/** Tags read and pushed at a remote; objects written and checked locally. */
class RemoteTags {
    git;
    name;
    local;
    constructor(git, name) {
        this.git = git;
        this.name = name;
        this.local = new LocalTagStore(new localStore/* LocalStore */.V(git));
    }
    /** The tag's object id as the remote lists it; an annotated tag's own id, not its commit. */
    async readTag(tagRef) {
        return (await this.git.lsRemote(this.name, [tagRef])).get(tagRef) ?? null;
    }
    async readTagCommit(tagRef) {
        return (await this.git.lsRemoteTag(this.name, tagRef))?.commit ?? null;
    }
    hasCommit(oid) {
        return this.local.hasCommit(oid);
    }
    writeTagObject(text) {
        return this.local.writeTagObject(text);
    }
    pushTag(tag) {
        return pushTagAlone(this.git, this.name, tag);
    }
}
/** The remote decides; local refs follow what it holds (docs/design/storage.md). */
class RemoteTagStore extends RemoteTags {
    store;
    atomicWithRecord = true;
    constructor(store) {
        super(store.git, store.name);
        this.store = store;
    }
    /**
     * `git push --atomic` of the tag (lease: must not exist) and the journal (lease: its head).
     * Only a clean answer for both refs is `created`; a hook's or ruleset's refusal is `refused`;
     * every other answer — a lease refused, a lost race, an up-to-date line, no answer at all —
     * is settled by the caller looking at what the remote holds.
     */
    pushTagWithRecord(update) {
        return pushThroughStore(this.store, update);
    }
}
/**
 * The code repository's tags, where the operation's chain lives in a ledger repository of its
 * own: read and pushed at its origin, the tag alone and create-only (its object is
 * deterministic, so a second push of ours finds it there and the lookup adopts it).
 */
class CodeRepositoryTagStore extends RemoteTags {
    atomicWithRecord = false;
    constructor(git) {
        super(git, 'origin');
    }
    pushTagWithRecord() {
        throw new errors/* StoreError */.AD('a tag in the code repository cannot be pushed with a ledger record');
    }
}
/** One create-only push of a tag: created, rejected (it exists), refused, or no answer. */
async function pushTagAlone(git, remote, tag) {
    const result = await git.push(remote, [{ ...tag, expected: null }], { atomic: false });
    const line = (0,physical/* parsePorcelain */.d2)(result.stdout).get(tag.ref);
    if (line && ['*', ' ', '+'].includes(line.flag))
        return { kind: 'created' };
    if (line && ((0,physical/* isLeaseRefused */.T8)(line) || line.flag === '='))
        return { kind: 'rejected' };
    if (line?.flag === '!')
        return { kind: 'refused', detail: `${line.summary}; ${(0,physical/* firstLine */.TM)(result.stderr)}` };
    return { kind: 'ambiguous', detail: (0,physical/* firstLine */.TM)(result.stderr) };
}
/**
 * The tag (create-only) and the operation's terminal record in ONE atomic change, through the
 * store, which also archives the ended operation in the same change (docs/design/storage.md).
 * Only `applied` is `created`; a refusal by the remote (a hook, a protected tag rule) is
 * `refused`; a lease that failed is `rejected`; no answer is `ambiguous`.
 */
async function pushThroughStore(store, update) {
    try {
        const outcome = await store.advanceWith(update.journal.ref, update.journal.oid, update.journal.expected, { ended: update.ended, creates: [update.tag] });
        if (outcome === 'applied')
            return { kind: 'created' };
        if (outcome === 'stale')
            return { kind: 'rejected' };
        return { kind: 'ambiguous', detail: `no answer from ${store.name}` };
    }
    catch (error) {
        if (error instanceof errors/* StoreError */.AD && /rejected the push/.test(error.message))
            return { kind: 'refused', detail: error.message };
        throw error;
    }
}

// EXTERNAL MODULE: ./src/commands/operationJournal.ts + 2 modules
var operationJournal = __webpack_require__(5444);
;// CONCATENATED MODULE: ./src/commands/effect.ts
/**
 * `command: effect` (docs/design/effects.md): a tag or a release, made at most once and never
 * guessed. The orchestration only: the core's decision table, through the one send protocol,
 * says what comes next after every send and every lookup; the two providers (the tag push and
 * the release create, in src/providers/) do the I/O.
 */












/** A step never loops for ever: each pass appends or sends, and sends are bounded. */
const MAX_PASSES = 16;
async function effect(request, deps) {
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, request.operation_id, 'The operation-id input');
    const intent = (0,validate/* parseOrThrow */.zS)(operation/* IntentSchema */.yY, request.intent, 'The effect intent');
    checkTagName(intent.tag_ref.slice('refs/tags/'.length), 'The tag of the effect intent');
    if (intent.message_digest !== (0,operation/* textDigest */.oA)(request.message))
        throw new errors/* InvalidInput */.o9('The tag message does not match the intent’s message_digest.');
    if (intent.release && intent.release.body_digest !== (0,operation/* textDigest */.oA)(request.release_body))
        throw new errors/* InvalidInput */.o9('The release body does not match the intent’s body_digest.');
    return new EffectRun(request, portsFor(request, intent, deps), intent).run();
}
function portsFor(request, intent, deps) {
    const github = deps.github;
    if (intent.kind === 'release' && !github?.hasToken)
        throw new errors/* InvalidInput */.o9('kind: release calls the GitHub API: set token (for example token: ${{ github.token }}) ' +
            'and give the job permissions: contents: write.');
    // A create is bounded by timeout-seconds; one that outlives it is ambiguous and looked up.
    // The repository is checked before anything is prepared.
    const releases = intent.kind === 'release' ? github?.releases() : undefined;
    if (releases)
        github?.where();
    return {
        store: deps.store,
        tags: deps.tags ?? tagStoreFor(deps.store),
        releases,
        by: { writer: request.writer, clock: deps.clock }
    };
}
class EffectRun {
    request;
    deps;
    intent;
    journal;
    digest;
    provider;
    sendsThisStep = 0;
    tagOperation = null;
    constructor(request, deps, intent) {
        this.request = request;
        this.deps = deps;
        this.intent = intent;
        this.digest = (0,operation/* intentDigest */.t9)(intent);
        this.journal = (0,operationJournal/* operationJournal */.T5)(deps.store, request.namespace, request.operation_id);
        this.provider = intent.release
            ? new ReleaseProvider({
                api: deps.releases,
                tagName: intent.tag_ref.slice('refs/tags/'.length),
                release: intent.release,
                operationId: request.operation_id,
                intentDigest: this.digest,
                body: releaseBodyWithMarker(request.release_body, request.operation_id, this.digest)
            })
            : new TagProvider({
                tags: deps.tags,
                commit: tagCommit(deps.tags, this.journal),
                operation: this.journal,
                intent,
                intentDigest: this.digest,
                message: request.message,
                following: fields => (0,operationJournal/* following */.CQ)(this.journal, deps.by, fields)
            });
    }
    async run() {
        let decision = (0,decide/* planEffect */.pf)(await this.journal.reload(), this.digest);
        for (let pass = 0; pass < MAX_PASSES; pass++) {
            switch (decision.next) {
                case 'prepare':
                    await this.journal.create((0,operationJournal/* prepared */.sb)(this.deps.by, {
                        operation_id: this.request.operation_id,
                        intent: this.intent,
                        intent_digest: this.digest
                    }));
                    decision = this.replan();
                    continue;
                case 'send':
                    decision = await this.send();
                    continue;
                case 'lookup':
                    decision = await this.lookup();
                    continue;
                case 'read_back':
                    decision = await this.readBack();
                    continue;
                default:
                    return this.outcome(decision);
            }
        }
        return this.outcome({
            next: 'stop',
            record: null,
            reason: 'the step did not settle the operation; the next effect step goes on from its record'
        });
    }
    replan() {
        return (0,decide/* planEffect */.pf)(this.journal.state, this.digest);
    }
    context() {
        return {
            fenced: this.provider.fenced,
            commitsWithRecord: this.provider.commitsWithRecord,
            sends: this.journal.state?.sends ?? 0,
            sendsThisStep: this.sendsThisStep
        };
    }
    /**
     * Appends the state a decision asks for. When another writer of the same operation moved
     * the head first, what it recorded decides instead.
     */
    async settle(decision, fields = {}) {
        if (decision.record === null)
            return decision;
        const appended = await this.append({
            state: decision.record,
            result: fields.result ?? null,
            observation: fields.observation ?? decision.reason,
            send: fields.send ?? null
        });
        return appended ? decision : this.replan();
    }
    append(fields) {
        return this.journal.append((0,operationJournal/* following */.CQ)(this.journal, this.deps.by, fields));
    }
    /**
     * One send. A tag's push carries its record; a release's `may_have_been_sent` is durable
     * before the POST, and the first send of a release whose tag does not exist creates the tag
     * first, through the tag protocol, so GitHub never does.
     */
    async send() {
        if (this.provider instanceof TagProvider) {
            this.sendsThisStep++;
            return (0,decide/* afterSend */.ju)(this.context(), await this.provider.send());
        }
        if ((this.journal.state?.sends ?? 0) === 0) {
            const blocked = await this.ensureTag();
            if (blocked)
                return blocked;
        }
        const send = (this.journal.state?.sends ?? 0) + 1;
        if (!(await this.append({ state: 'may_have_been_sent', send, observation: null })))
            return this.replan();
        this.sendsThisStep++;
        const outcome = await this.provider.send();
        return this.settle((0,decide/* afterSend */.ju)(this.context(), outcome), {
            send,
            result: outcome.kind === 'submitted' ? resultOf(outcome.external_ids) : null,
            observation: outcome.kind === 'submitted'
                ? `created: release ${outcome.external_ids['release_id']}`
                : outcome.kind === 'refused'
                    ? outcome.message
                    : outcome.reason
        });
    }
    /**
     * Null when the tag exists on the target (or was just made); otherwise the decision that
     * stops the step. A tag on another commit is a conflict: the release would not be the one
     * the intent names.
     */
    async ensureTag() {
        const commit = await this.deps.tags.readTagCommit(this.intent.tag_ref);
        if (commit === this.intent.target)
            return null;
        if (commit !== null)
            return this.settle({
                next: 'conflict',
                record: 'conflict',
                reason: `${this.intent.tag_ref} exists on ${commit}, not on the target ${this.intent.target}`
            });
        const tagIntent = { ...this.intent, kind: 'tag', release: null };
        const sub = await effect({
            ...this.request,
            operation_id: (0,operation/* tagOperationId */.Hj)(this.request.operation_id),
            intent: tagIntent,
            release_body: ''
        }, { store: this.deps.store, tags: this.deps.tags, clock: this.deps.by.clock });
        this.tagOperation = sub;
        if (sub.ok)
            return null;
        return {
            next: 'stop',
            record: null,
            reason: `the release's tag could not be created (${sub.operation_id}: ${sub.reason}); nothing was sent`
        };
    }
    /** After an unclear send: what the provider holds. A moved journal decides instead. */
    async lookup() {
        const before = this.journal.head?.oid;
        const found = await this.provider.lookup();
        if (this.journal.head?.oid !== before)
            return this.replan();
        const sends = this.journal.state?.sends ?? 0;
        return this.settle((0,decide/* afterLookup */.VD)(this.context(), found), {
            result: found.kind === 'found' ? resultOf(found.external_ids) : null,
            observation: found.reason,
            send: sends > 0 ? sends : null
        });
    }
    /** After a 201: the release must carry our marker and every field we asked for. */
    async readBack() {
        const id = Number(this.journal.state?.result?.release_id);
        const back = await this.provider.readBack(id);
        return this.settle(decide/* AFTER_READ_BACK */.Ep[back.found], {
            result: back.release ? resultOf(releaseIds(back.release)) : null,
            observation: back.observation,
            send: this.journal.state?.sends ?? null
        });
    }
    // ---- outcome -----------------------------------------------------------------------------
    outcome(decision) {
        const op = this.journal.state;
        const result = op?.result ?? null;
        const committed = decision.next === 'committed';
        return {
            operation_id: this.request.operation_id,
            operation_ref: this.journal.ref,
            state: op?.state ?? null,
            next: decision.next,
            ok: committed,
            sent: this.sendsThisStep > 0,
            tag_object: result?.tag_object ?? null,
            release_id: result?.release_id ?? null,
            release_url: result?.release_url ?? null,
            reason: decision.reason,
            chain: this.journal.entries,
            tag_operation: this.tagOperation
        };
    }
}
/** The recorded result of what a provider answered (its external ids). */
function resultOf(ids) {
    return {
        tag_object: ids['tag_object'] ?? null,
        release_id: ids['release_id'] ?? null,
        release_url: ids['release_url'] ?? null
    };
}
/**
 * The provider port's "commits with record" capability, from what the tag store can do: the tag
 * and its record in one atomic write where they share a repository, else the tag alone.
 */
function tagCommit(tags, journal) {
    if (!tags.atomicWithRecord)
        return { withRecord: false, push: tag => tags.pushTag(tag) };
    return {
        withRecord: true,
        push: (tag, record) => journal.appendWith(record, tag, update => tags.pushTagWithRecord(update))
    };
}

// EXTERNAL MODULE: ./src/commands/reporting.ts + 1 modules
var reporting = __webpack_require__(301);
// EXTERNAL MODULE: ./src/action/report.ts
var report = __webpack_require__(1658);
;// CONCATENATED MODULE: ./src/action/effectStep.ts



/** `command: effect` (docs/design/effects.md): inputs onto the command, its outcome onto outputs. */
async function effectStep(inputs, context) {
    const { env } = context;
    const request = effectRequestFrom({
        namespace: inputs.namespace,
        kind: inputs.kind,
        tag: inputs.tag,
        target: inputs.target,
        default_target: env.GITHUB_SHA ?? '',
        message: inputs.message,
        release_name: inputs.releaseName,
        release_body: inputs.releaseBody,
        draft: bool(inputs.draft, 'draft'),
        prerelease: bool(inputs.prerelease, 'prerelease'),
        operation_id: inputs.operationId,
        run_id: inputs.runId || null,
        repository_id: env.GITHUB_REPOSITORY_ID ?? repositoryIdOf(context.event.payload),
        writer: context.writer
    });
    const outcome = await effect(request, context);
    return {
        outputs: {
            operation_id: outcome.operation_id,
            operation_state: outcome.state ?? '',
            tag_object: outcome.tag_object ?? outcome.tag_operation?.tag_object ?? '',
            release_id: outcome.release_id ?? '',
            release_url: outcome.release_url ?? '',
            sent: (0,report/* flag */.J)(outcome.sent || (outcome.tag_operation?.sent ?? false))
        },
        summary: {
            title: `dispatch-ledger: effect ${request.intent.kind} — ${outcome.state ?? 'not prepared'}`,
            meaning: outcome.reason,
            rows: [
                ['operation id', outcome.operation_id],
                ['state', outcome.state ?? ''],
                ['tag', request.intent.tag_ref],
                ['target', request.intent.target],
                ['intent', outcome.chain[0]?.value.intent_digest ?? ''],
                ['sent by this step', (0,report/* flag */.J)(outcome.sent)],
                ['release', outcome.release_url ?? outcome.release_id ?? ''],
                ['store', context.store.name]
            ]
        },
        ...(outcome.ok ? {} : { failure: failureMessage(outcome) })
    };
}
function failureMessage(outcome) {
    const id = outcome.operation_id;
    switch (outcome.next) {
        case 'refuse_intent':
            return `The operation ${id} was prepared for another intent (${outcome.reason}). Nothing was sent. Use a new operation-id for a different tag or release.`;
        case 'conflict':
            return `The operation ${id} is a conflict: ${outcome.reason}. Nothing more is sent for it; remove or rename the other tag or release, then use a new operation-id.`;
        case 'unknown':
        case 'refuse_unknown':
            return `The outcome of operation ${id} is unknown: ${outcome.reason}. Every effect for it fails until an operator answers /ledger resolve-effect ${id} committed <release id> (or not-committed).`;
        case 'not_committed':
            return `The operation ${id} ended without its effect: ${outcome.reason}.`;
        default:
            return `The operation ${id} is not settled: ${outcome.reason}. Nothing is claimed; run the step again and it looks the effect up before sending anything.`;
    }
}
function bool(value, input) {
    if (value === 'true')
        return true;
    if (value === 'false' || value === '')
        return false;
    throw new reporting/* InvalidInput */.o9(`The ${input} input must be true or false; got ${JSON.stringify(value)}.`);
}
function repositoryIdOf(payload) {
    const id = payload?.repository?.id;
    return typeof id === 'number' ? String(id) : '';
}


/***/ }),

/***/ 1658:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ flag)
/* harmony export */ });
function flag(value) {
    return value ? 'true' : 'false';
}


/***/ }),

/***/ 3532:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L4: () => (/* binding */ foldChain),
/* harmony export */   QI: () => (/* binding */ WRITE_TRIES),
/* harmony export */   kD: () => (/* binding */ linkProblem)
/* harmony export */ });
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
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
const WRITE_TRIES = 3;
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
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BrokenChain */ .rF(1, `record 1 is missing: ${definition.holder} holds no records; ${definition.stored}`);
    const canonical = options.canonical;
    if (canonical !== undefined && canonical.length !== records.length)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`reconstruct was given ${records.length} records but ${canonical.length} canonical texts; pass one text per record or none`);
    const folder = definition.folder();
    let previous = null;
    let previousDigest = null;
    for (const [index, record] of records.entries()) {
        const position = index + 1;
        const problem = folder.problem(previous, previousDigest, record, position);
        if (problem !== null)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BrokenChain */ .rF(position, `${problem}; ${definition.stored}`);
        folder.add(record);
        previous = record;
        const text = canonical?.[index];
        previousDigest = text === undefined ? (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .digestOf */ .ol)(record) : `sha256:${(0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .sha256Hex */ .fg)(text)}`;
    }
    return folder.result(previous, previousDigest, options.headOid ?? null);
}


/***/ }),

/***/ 634:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ Journal)
/* harmony export */ });
/* harmony import */ var _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3532);
/* harmony import */ var _core_canonical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1649);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
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
        const [oid] = (await this.options.store.writeEntries([
            this.options.chain.commit(record, null)
        ]));
        if ((await this.options.store.createRefs([{ ref: this.ref, oid }])) === 'exists') {
            await this.reload();
            return false;
        }
        this.set([{ oid, value: record, json: (0,_core_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(record) }]);
        return true;
    }
    /** Writes the record's commit on the head (not yet visible) and returns its id. */
    async write(record) {
        const parent = this.requireHead().oid;
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
        return outcome;
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
            if (tries >= _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI)
                return lost(new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .LostRace */ .Sb(`Another writer appended to ${this.ref} each of the ${_core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI} times this step ` +
                    'decided, so nothing was written. Re-read (command: plan) and decide again.'));
        }
    }
    /** Takes a record another write (the atomic tag push) put at the head. */
    adopt(oid, record) {
        this.set([...this.entries, { oid, value: record, json: (0,_core_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(record) }]);
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
            ? (0,_core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .foldChain */ .L4)(this.options.chain, chain.map(entry => entry.value), {
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


/***/ })

};
