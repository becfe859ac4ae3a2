export const id = 812;
export const ids = [812];
export const modules = {

/***/ 7875:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  effectStep: () => (/* binding */ effectStep)
});

// EXTERNAL MODULE: ./src/core/effect/decide.ts
var decide = __webpack_require__(6229);
// EXTERNAL MODULE: ./src/core/effect/artifacts.ts
var artifacts = __webpack_require__(5742);
// EXTERNAL MODULE: ./src/core/effect/operation.ts
var operation = __webpack_require__(6084);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/validate.ts
var validate = __webpack_require__(993);
// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var canonical = __webpack_require__(1649);
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
const TAGS = { noun: 'tag', prefix: 'refs/tags/', example: 'v1.2.3' };
const BRANCHES = { noun: 'branch', prefix: 'refs/heads/', example: 'agent/issue-42' };
/**
 * What is wrong with `tag` as the name of `refs/tags/<tag>`, in words that end with the fix;
 * null when it may be created.
 */
function tagNameProblem(tag) {
    return refNameProblem(tag, TAGS);
}
/**
 * What is wrong with `branch` as the name of `refs/heads/<branch>`; null when it may be created.
 * The same rules as a tag's: a branch named `HEAD` or `tags/x` would be read as another ref.
 */
function branchNameProblem(branch) {
    return refNameProblem(branch, BRANCHES);
}
function refNameProblem(tag, family) {
    const { noun, prefix, example } = family;
    const fix = `give the name without ${prefix}, for example ${example}`;
    if (tag.length === 0)
        return `it is empty; ${fix}`;
    if (tag === '@')
        return `"@" alone means HEAD to git; ${fix}`;
    if (tag.startsWith('refs/'))
        return `it begins with refs/, so it is a full ref name, not a ${noun} name; ${fix}`;
    if (tag.startsWith('-'))
        return `it begins with "-", which git commands read as an option; ${fix}`;
    if (tag.startsWith('.'))
        return `it begins with "."; ${fix}`;
    if (/^(?:[A-Z_]*_)?HEAD$/.test(tag) || ROOT_REFS.includes(tag))
        return `git reads ${JSON.stringify(tag)} as its own ref of that name (a file in the git directory) before any ${noun}, so the ${noun} would be hidden; ${fix}`;
    const first = tag.split('/', 1)[0];
    if (SHADOWED_NAMESPACES.includes(first))
        return `git reads ${first}/… as refs/${first}/… before ${prefix}${first}/…, so the ${noun} would be hidden behind that ref; choose a name that does not begin with ${first}/, for example ${example}`;
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






const KINDS_IN_WORDS = 'tag, release, branch, pull-request, comment or issue';
/**
 * Validates the plain values and builds the request: the intent and its text fields. Every
 * problem is an InvalidInput naming the field; nothing has been read or written yet.
 */
function effectRequestFrom(options) {
    const kind = options.kind;
    if (!operation/* EFFECT_KINDS */.K8.includes(kind))
        throw new errors/* InvalidInput */.o9(`command: effect needs the \`kind\`, ${KINDS_IN_WORDS}; got ${JSON.stringify(kind)}.`);
    if (!options.repository_id)
        throw new errors/* InvalidInput */.o9('GITHUB_REPOSITORY_ID is not set, and the intent of an effect names its repository. ' +
            'Run inside a workflow (the runner sets it).');
    const { intent, names } = intentOf(kind, options);
    let operationId = options.operation_id;
    if (!operationId) {
        if (!options.run_id)
            throw new errors/* InvalidInput */.o9('command: effect needs the `operation_id`, or the `run_id` its default ' +
                '(<run id>/<kind>/<what it names>) is made from.');
        operationId = (0,operation/* defaultOperationId */.cm)(options.run_id, kind, names);
    }
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, operationId, 'The `operation_id`');
    return {
        namespace: options.namespace,
        operation_id: operationId,
        intent,
        message: options.message,
        release_body: options.release_body,
        body: options.body ?? '',
        writer: options.writer
    };
}
/** The intent of one kind, and what the default operation id names. */
function intentOf(kind, options) {
    const repository_id = options.repository_id;
    switch (kind) {
        case 'tag':
        case 'release': {
            checkTagName(options.tag, 'The `tag`');
            checkNoMarker(options.release_body, 'release-body');
            const release = kind === 'release'
                ? {
                    name: options.release_name || options.tag,
                    body_digest: (0,operation/* textDigest */.oA)(options.release_body),
                    draft: options.draft,
                    prerelease: options.prerelease
                }
                : null;
            const intent = {
                repository_id,
                kind,
                tag_ref: `refs/tags/${options.tag}`,
                target: targetOf(options),
                message_digest: (0,operation/* textDigest */.oA)(options.message),
                release
            };
            return { intent, names: options.tag };
        }
        case 'branch': {
            const branch = options.branch ?? '';
            checkBranchName(branch, 'The `branch`');
            return {
                intent: {
                    repository_id,
                    kind,
                    branch_ref: `refs/heads/${branch}`,
                    target: targetOf(options)
                },
                names: branch
            };
        }
        case 'pull-request': {
            const head = required(options.head, 'head', 'the branch to merge, for example agent/issue-42');
            const base = required(options.base, 'base', 'the branch to merge into, for example main');
            checkBranchName(head.slice(head.indexOf(':') + 1), 'The `head`');
            checkBranchName(base, 'The `base`');
            const title = titleOf(options.title);
            const body = bodyOf(options.body, { required: false });
            return {
                intent: {
                    repository_id,
                    kind,
                    head,
                    base,
                    title,
                    body_digest: (0,operation/* textDigest */.oA)(body),
                    draft: options.draft
                },
                names: `${base}...${head}`
            };
        }
        case 'comment': {
            const raw = options.issue_number ?? '';
            if (!/^[1-9][0-9]{0,9}$/.test(raw))
                throw new errors/* InvalidInput */.o9(`kind comment needs the \`issue-number\` (the issue or pull request to comment on, a ` +
                    `number); got ${JSON.stringify(raw)}.`);
            const body = bodyOf(options.body, { required: true });
            return {
                intent: { repository_id, kind, issue_number: Number(raw), body_digest: (0,operation/* textDigest */.oA)(body) },
                names: raw
            };
        }
        case 'issue': {
            const title = titleOf(options.title);
            const body = bodyOf(options.body, { required: false });
            return {
                intent: {
                    repository_id,
                    kind,
                    title,
                    body_digest: (0,operation/* textDigest */.oA)(body),
                    labels: labelsOf(options.labels ?? '')
                },
                // A title holds spaces, which an operation id may not: it is named by its digest.
                names: (0,canonical/* sha256Hex */.fg)(title).slice(0, 12)
            };
        }
    }
}
function targetOf(options) {
    const target = options.target || options.default_target;
    if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(target))
        throw new errors/* InvalidInput */.o9(`The \`target\` must be a full commit id (40 or 64 lowercase hex digits); got ${JSON.stringify(target)}. ` +
            'Leave it empty for GITHUB_SHA.');
    return target;
}
function required(value, input, what) {
    if (!value)
        throw new errors/* InvalidInput */.o9(`kind pull-request needs the \`${input}\` input: ${what}.`);
    return value;
}
function titleOf(title) {
    const text = title ?? '';
    if (!text.trim() || /[\p{Cc}]/u.test(text) || text.length > 1024)
        throw new errors/* InvalidInput */.o9(`The \`title\` must be one line of text (at most 1024 characters); got ${JSON.stringify(text.slice(0, 80))}.`);
    return text;
}
function bodyOf(body, options) {
    const text = body ?? '';
    if (options.required && !text.trim())
        throw new errors/* InvalidInput */.o9('kind comment needs the `body` input: the text of the comment.');
    if (text.length > MAX_BODY)
        throw new errors/* InvalidInput */.o9(`The \`body\` is ${text.length} characters; GitHub takes at most ${MAX_BODY} with the marker added.`);
    checkNoMarker(text, 'body');
    return text;
}
/** GitHub's limit on an issue, pull request or comment body, less room for the marker. */
const MAX_BODY = 65536 - 2048;
/**
 * A body that already carries a marker would name another operation (a lookup of that one
 * would find this write and call it a conflict, or adopt it as its own): refused.
 */
function checkNoMarker(body, input) {
    const found = (0,artifacts/* markersIn */.vU)(body);
    if (found.length > 0)
        throw new errors/* InvalidInput */.o9(`The \`${input}\` already carries the marker of operation ${JSON.stringify(found[0]?.id)}; ` +
            "the action adds this operation's own marker, so copy the text without the " +
            '<!-- dispatch-ledger operation: … --> line. Nothing was sent.');
}
/** Comma- or line-separated names, trimmed, sorted, each once. */
function labelsOf(text) {
    const labels = [
        ...new Set(text
            .split(/[,\n]/)
            .map(label => label.trim())
            .filter(Boolean))
    ].sort();
    for (const label of labels)
        if (label.length > 100 || /[\p{Cc}]/u.test(label))
            throw new errors/* InvalidInput */.o9(`The label ${JSON.stringify(label.slice(0, 80))} is refused: a label is one line of at most 100 characters.`);
    return labels;
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
/** The one check of a branch name (`refs/heads/<name>`), before anything is read or written. */
function checkBranchName(branch, what) {
    const problem = branchNameProblem(branch);
    if (problem !== null)
        throw new errors/* InvalidInput */.o9(`${what} ${JSON.stringify(branch)} is refused: ${problem}.`);
}

// EXTERNAL MODULE: ./src/core/send/effectOutcome.ts
var effectOutcome = __webpack_require__(6269);
;// CONCATENATED MODULE: ./src/providers/release.ts
/**
 * The release create, a provider of the one send protocol
 * (docs/design/effects.md#release-protocol). A published release is fenced by GitHub's one
 * published release per tag (422 `already_exists`); a draft has no fence, so for a draft a
 * lookup that finds nothing proves nothing (docs/design/effects.md#drafts-and-unknown). Every
 * release this provider makes carries the operation's marker, which is how a lookup knows it.
 */



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
        return (0,effectOutcome/* classifyReleaseCreate */.W4)(await api.create({
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
    async readBack(result) {
        const id = Number(result?.release_id);
        const got = await this.options.api.get(id);
        if (!got.ok)
            return { found: 'unavailable', ids: null, observation: got.detail };
        const release = got.value;
        const found = release === null ? 'none' : this.matchesIntent(release) ? 'match' : 'mismatch';
        return {
            found,
            ids: release ? (0,effectOutcome/* releaseIds */.Ul)(release) : null,
            observation: (0,decide/* readBackObservation */.cp)('release', id, found)
        };
    }
    classify(found, mine, reason) {
        return (0,effectOutcome/* classifyEffectLookup */.WM)(found, this.fenced, {
            external_ids: mine ? (0,effectOutcome/* releaseIds */.Ul)(mine) : {},
            reason
        });
    }
    carriesOurMarker(release) {
        return (0,artifacts/* carriesMarker */.GN)(release.body, this.options.operationId, this.options.intentDigest);
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
 * The tag push — and a branch's, by the same protocol — a provider of the one send protocol
 * (docs/design/effects.md#tag-protocol). The ref is create-only with a known object (a
 * deterministic tag object; a branch's target commit), so it is fenced. Where the tag and the
 * operation's `terminal_committed` record share one repository they travel in one atomic push
 * (the provider port's "commits with record" capability); where they cannot (a ledger
 * repository of its own, docs/design/ledger-repository.md) the tag is pushed alone and a
 * lookup, comparing the tag's object with ours by id, settles it before the record is written.
 */



/** A tag's object: deterministic, from the recorded values (tagger time from `prepared`). */
function tagObject(tags, spec) {
    return op => tags.writeTagObject((0,artifacts/* tagObjectText */.ZN)({
        operation_id: op.operation_id,
        intent: spec.intent,
        intent_digest: spec.intentDigest,
        message: spec.message,
        time: (0,artifacts/* epochSeconds */.DQ)(op.prepared_at)
    }));
}
class RefProvider {
    options;
    name;
    /** A create-only push: a second one for the same ref is rejected. */
    fenced = true;
    commitsWithRecord;
    constructor(options) {
        this.options = options;
        this.name = options.kind;
        this.commitsWithRecord = options.commit.withRecord;
    }
    /** Our object for the ref (the same operation gives the same id). */
    ourObject() {
        const op = this.options.operation.state;
        if (!op)
            throw new Error(`${this.name} object before the operation was prepared`);
        return this.options.object(op);
    }
    /** The ref and the terminal_committed record in one atomic push, or the ref alone. */
    async send() {
        const { tags, commit, ref, target } = this.options;
        if (!(await tags.hasCommit(target)))
            throw new errors/* InvalidInput */.o9(`The target commit ${target} is not in the checkout, so no ${this.name} can ` +
                'point at it. Check out with enough history (actions/checkout fetch-depth) or set target.');
        const oid = await this.ourObject();
        const update = { ref, oid };
        if (!commit.withRecord) {
            // Pushed alone, the ref is not yet recorded: whatever git answered, the lookup decides.
            const pushed = await commit.push(update);
            const outcome = (0,effectOutcome/* classifyTagPush */.fR)(pushed, oid);
            return outcome.kind === 'submitted'
                ? { kind: 'ambiguous', reason: `${ref} was pushed alone: look it up to record it` }
                : outcome;
        }
        const record = this.options.following({
            state: 'terminal_committed',
            result: this.resultFor(oid),
            observation: `the ${this.name} and this record were pushed in one atomic push`
        });
        return (0,effectOutcome/* classifyTagPush */.fR)(await commit.push(update, record), oid);
    }
    /** What the record says the operation made: a tag object, or a branch's commit. */
    resultFor(oid) {
        return this.name === 'tag'
            ? { tag_object: oid, release_id: null, release_url: null }
            : { tag_object: null, release_id: null, release_url: null, id: oid };
    }
    /** Fetches the journal and the ref; the caller re-plans when the journal moved. */
    async lookup() {
        const { tags, operation, ref } = this.options;
        let held;
        try {
            await operation.reload();
            held = await tags.readTag(ref);
        }
        catch (error) {
            if (!(error instanceof errors/* StoreError */.AD))
                throw error;
            return (0,effectOutcome/* classifyEffectLookup */.WM)('unavailable', this.fenced, {
                external_ids: {},
                reason: error.message
            });
        }
        const ours = await this.ourObject();
        const found = held === null ? 'none' : held === ours ? 'ours' : 'other';
        return (0,effectOutcome/* classifyEffectLookup */.WM)(found, this.fenced, {
            external_ids: this.name === 'tag' ? { tag_object: ours } : { id: ours },
            reason: held === null
                ? `neither ${ref} nor the record is at the remote`
                : `${ref} holds ${held}${found === 'ours' ? ', ours' : `, not our ${ours}`}`
        });
    }
}

// EXTERNAL MODULE: ./src/providers/write.ts
var write = __webpack_require__(3625);
// EXTERNAL MODULE: ./src/store/localStore.ts
var localStore = __webpack_require__(281);
// EXTERNAL MODULE: ./src/store/remoteStore.ts
var remoteStore = __webpack_require__(7994);
// EXTERNAL MODULE: ./src/store/ledgerRepository.ts + 2 modules
var ledgerRepository = __webpack_require__(7003);
// EXTERNAL MODULE: ./src/store/index/physical.ts + 1 modules
var physical = __webpack_require__(3974);
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
 * `command: effect` (docs/design/effects.md): a tag, a release, a branch, a pull request, a
 * comment or an issue, made at most once and never guessed. The orchestration only: the
 * core's decision table, through the one send protocol, says what comes next after every send
 * and every lookup; the providers (a ref push, a release create, a write through the API, in
 * src/providers/) do the I/O.
 */














/** A step never loops for ever: each pass appends or sends, and sends are bounded. */
const MAX_PASSES = 16;
/** Beyond the request's bound: time for the sending step to record what it was answered. */
const FOLLOW_MARGIN_MS = 10_000;
/** How often a followed operation is read again, at first and at most. */
const FOLLOW_POLL_MS = [100, 1000];
async function effect(request, deps) {
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, request.operation_id, 'The operation-id input');
    const intent = (0,validate/* parseOrThrow */.zS)(operation/* IntentSchema */.yY, request.intent, 'The effect intent');
    checkTexts(request, intent);
    return new EffectRun(request, portsFor(request, intent, deps), intent).run();
}
/** A request built by hand is checked as the inputs are: its texts must be the intent's. */
function checkTexts(request, intent) {
    if (intent.kind === 'branch') {
        checkBranchName(intent.branch_ref.slice('refs/heads/'.length), 'The branch of the effect intent');
        return;
    }
    if ((0,operation/* isWriteIntent */.Gv)(intent)) {
        if (intent.body_digest !== (0,operation/* textDigest */.oA)(request.body ?? ''))
            throw new errors/* InvalidInput */.o9('The body does not match the intent’s body_digest.');
        checkNoMarker(request.body ?? '', 'body');
        return;
    }
    checkTagName(intent.tag_ref.slice('refs/tags/'.length), 'The tag of the effect intent');
    if (intent.message_digest !== (0,operation/* textDigest */.oA)(request.message))
        throw new errors/* InvalidInput */.o9('The tag message does not match the intent’s message_digest.');
    if (intent.release && intent.release.body_digest !== (0,operation/* textDigest */.oA)(request.release_body))
        throw new errors/* InvalidInput */.o9('The release body does not match the intent’s body_digest.');
    if (intent.release)
        checkNoMarker(request.release_body, 'release-body');
}
/** The GitHub permission each API kind needs, for the message when no token was given. */
const PERMISSION = {
    release: 'contents: write',
    'pull-request': 'pull-requests: write',
    comment: 'issues: write (pull-requests: write for a pull request)',
    issue: 'issues: write'
};
function portsFor(request, intent, deps) {
    const github = deps.github;
    const permission = PERMISSION[intent.kind];
    if (permission && !github?.hasToken)
        throw new errors/* InvalidInput */.o9(`kind: ${intent.kind} calls the GitHub API: set token (for example token: \${{ github.token }}) ` +
            `and give the job permissions: ${permission}.`);
    // A create is bounded by timeout-seconds; one that outlives it is ambiguous and looked up.
    // The repository is checked before anything is prepared.
    const releases = intent.kind === 'release' ? github?.releases() : undefined;
    const writes = (0,operation/* isWriteIntent */.Gv)(intent) ? github?.writes() : undefined;
    if (releases || writes)
        github?.where();
    return {
        store: deps.store,
        tags: deps.tags ?? tagStoreFor(deps.store),
        releases,
        writes,
        followMs: (github?.timeoutMs ?? 30_000) + FOLLOW_MARGIN_MS,
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
    /** Requests this step tried, a push its lease refused among them: the step's budget. */
    sendsThisStep = 0;
    /** Whether one of them went out (the `sent` output). */
    sentThisStep = false;
    /** The send this step recorded last (null before it recorded one). */
    ownSend = null;
    tagOperation = null;
    constructor(request, deps, intent) {
        this.request = request;
        this.deps = deps;
        this.intent = intent;
        this.digest = (0,operation/* intentDigest */.t9)(intent);
        this.journal = (0,operationJournal/* operationJournal */.T5)(deps.store, request.namespace, request.operation_id);
        this.provider = this.providerFor(intent);
    }
    providerFor(intent) {
        const { deps, request, digest, journal } = this;
        if ((0,operation/* isWriteIntent */.Gv)(intent))
            return new write/* WriteProvider */.VY({
                api: deps.writes,
                intent,
                operationId: request.operation_id,
                intentDigest: digest,
                body: (0,artifacts/* bodyWithMarker */.r)(request.body ?? '', request.operation_id, digest),
                preparedAt: () => journal.state?.prepared_at ?? new Date().toISOString()
            });
        if (intent.kind === 'release' && intent.release)
            return new ReleaseProvider({
                api: deps.releases,
                tagName: intent.tag_ref.slice('refs/tags/'.length),
                release: intent.release,
                operationId: request.operation_id,
                intentDigest: digest,
                body: (0,artifacts/* bodyWithMarker */.r)(request.release_body, request.operation_id, digest)
            });
        const ref = intent.kind === 'branch'
            ? { kind: 'branch', ref: intent.branch_ref, object: async () => intent.target }
            : {
                kind: 'tag',
                ref: intent.tag_ref,
                object: tagObject(deps.tags, {
                    intent: intent,
                    intentDigest: digest,
                    message: request.message
                })
            };
        return new RefProvider({
            ...ref,
            tags: deps.tags,
            commit: tagCommit(deps.tags, journal),
            operation: journal,
            target: intent.target,
            following: fields => (0,operationJournal/* following */.CQ)(journal, deps.by, fields)
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
                    decision = (await this.followOtherSender()) ? this.replan() : await this.lookup();
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
     * One send. A tag's or branch's push carries its record; for the API kinds
     * `may_have_been_sent` is durable before the POST, and the first send of a release whose tag
     * does not exist creates the tag first, through the tag protocol, so GitHub never does.
     */
    async send() {
        if (this.provider instanceof RefProvider) {
            this.sendsThisStep++;
            const outcome = await this.provider.send();
            // A push whose lease was refused made nothing: another step's push, or another actor's
            // ref, is what the lookup will find.
            if (outcome.kind !== 'preempted')
                this.sentThisStep = true;
            return (0,decide/* afterSend */.ju)(this.context(), outcome);
        }
        if (this.intent.kind === 'release' && (this.journal.state?.sends ?? 0) === 0) {
            const blocked = await this.ensureTag();
            if (blocked)
                return blocked;
        }
        const send = (this.journal.state?.sends ?? 0) + 1;
        if (!(await this.append({ state: 'may_have_been_sent', send, observation: null })))
            return this.replan();
        this.ownSend = send;
        this.sendsThisStep++;
        this.sentThisStep = true;
        const outcome = await this.provider.send();
        return this.settle((0,decide/* afterSend */.ju)(this.context(), outcome), {
            send,
            result: outcome.kind === 'submitted' ? resultOf(outcome.external_ids) : null,
            observation: outcome.kind === 'submitted'
                ? `created: ${this.provider.name} ${outcome.external_ids['release_id'] ?? outcome.external_ids['id']}`
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
        const intent = this.intent;
        const commit = await this.deps.tags.readTagCommit(intent.tag_ref);
        if (commit === intent.target)
            return null;
        if (commit !== null)
            return this.settle({
                next: 'conflict',
                record: 'conflict',
                reason: `${intent.tag_ref} exists on ${commit}, not on the target ${intent.target}`
            });
        const tagIntent = { ...intent, kind: 'tag', release: null };
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
    /**
     * Another step recorded `may_have_been_sent` moments ago and may be waiting for its answer
     * (concurrent deliveries of one event): read the operation again until that step records
     * what it was answered, or its bound passes. True when the operation moved (re-plan); false
     * when there is nobody to follow, or no longer (look it up).
     */
    async followOtherSender() {
        const context = () => ({
            nowMs: this.deps.by.clock.now().getTime(),
            boundMs: this.deps.followMs,
            ownSend: this.ownSend
        });
        if (!(0,decide/* awaitsOtherSender */.x6)(this.journal.state, context()))
            return false;
        const head = this.journal.head?.oid;
        // A record dated ahead by another runner's clock is followed no longer than the bound.
        const deadline = Date.now() + this.deps.followMs;
        for (let wait = FOLLOW_POLL_MS[0];; wait = Math.min(wait * 2, FOLLOW_POLL_MS[1])) {
            await new Promise(done => setTimeout(done, wait));
            await this.journal.reload();
            if (this.journal.head?.oid !== head)
                return true;
            if (!(0,decide/* awaitsOtherSender */.x6)(this.journal.state, context()) || Date.now() > deadline)
                return false;
        }
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
    /** After a 201: what was made must carry our marker and every field we asked for. */
    async readBack() {
        const back = await this.provider.readBack(this.journal.state?.result ?? null);
        return this.settle((0,decide/* afterReadBack */.cW)(this.intent.kind, back.found), {
            result: back.ids ? resultOf(back.ids) : null,
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
            sent: this.sentThisStep,
            tag_object: result?.tag_object ?? null,
            release_id: result?.release_id ?? null,
            release_url: result?.release_url ?? null,
            id: result?.id ?? null,
            number: result?.number ?? null,
            url: result?.url ?? null,
            reason: decision.reason,
            chain: this.journal.entries,
            tag_operation: this.tagOperation
        };
    }
}
/** The recorded result of what a provider answered (its external ids). */
function resultOf(ids) {
    const result = {
        tag_object: ids['tag_object'] ?? null,
        release_id: ids['release_id'] ?? null,
        release_url: ids['release_url'] ?? null
    };
    // Written only when there is one, so a tag's or release's records stay as they were.
    if (ids['id'] === undefined)
        return result;
    return {
        ...result,
        id: ids['id'],
        number: ids['number'] !== undefined ? Number(ids['number']) : null,
        url: ids['url'] ?? null
    };
}
/**
 * The provider port's "commits with record" capability, from what the tag store can do: the
 * ref (a tag, a branch) and its record in one atomic write where they share a repository, else
 * the ref alone.
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
        branch: inputs.branch,
        head: inputs.head,
        base: inputs.base,
        title: inputs.title,
        body: inputs.body,
        issue_number: inputs.issueNumber,
        labels: inputs.labels,
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
            url: outcome.url ?? '',
            number: outcome.number !== null ? String(outcome.number) : '',
            id: outcome.id ?? '',
            sent: (0,report/* flag */.J)(outcome.sent || (outcome.tag_operation?.sent ?? false))
        },
        summary: {
            title: `dispatch-ledger: effect ${request.intent.kind} — ${outcome.state ?? 'not prepared'}`,
            meaning: outcome.reason,
            rows: [
                ['operation id', outcome.operation_id],
                ['state', outcome.state ?? ''],
                ['makes', (0,operation/* intentSubject */.zd)(request.intent)],
                ['intent', outcome.chain[0]?.value.intent_digest ?? ''],
                ['sent by this step', (0,report/* flag */.J)(outcome.sent)],
                ['made', outcome.url ?? outcome.release_url ?? outcome.release_id ?? outcome.id ?? ''],
                ['store', context.store.name]
            ]
        },
        ...(outcome.ok ? {} : { failure: failureMessage(outcome, request.intent.kind) })
    };
}
function failureMessage(outcome, kind) {
    const id = outcome.operation_id;
    switch (outcome.next) {
        case 'refuse_intent':
            return `The operation ${id} was prepared for another intent (${outcome.reason}). Nothing was sent. Use a new operation-id for a different effect (another tag, body, head…).`;
        case 'conflict':
            return `The operation ${id} is a conflict: ${outcome.reason}. Nothing more is sent for it; remove or rename what is in the way (the other tag, release, branch or pull request), then use a new operation-id.`;
        case 'unknown':
        case 'refuse_unknown':
            return `The outcome of operation ${id} is unknown: ${outcome.reason}. Every effect for it fails until an operator answers /ledger resolve-effect ${id} committed ${(0,decide/* answerIdName */.tu)(kind)} (or not-committed).`;
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
/* harmony export */   a4: () => (/* binding */ appendProblem),
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
        previousDigest = text === undefined ? (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .digestOf */ .ol)(record) : `sha256:${(0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .sha256Hex */ .fg)(text)}`;
    }
    return folder.problem(previous, previousDigest, next, records.length + 1);
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
        this.refuseBroken(record, []);
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
            if (tries >= _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI)
                return lost(new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .LostRace */ .Sb(`Another writer appended to ${this.ref} each of the ${_core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI} times this step ` +
                    'decided, so nothing was written. Re-read (command: plan) and decide again.'));
        }
    }
    /** Takes a record another write (the atomic tag push) put at the head. */
    adopt(oid, record) {
        this.set([...this.entries, { oid, value: record, json: (0,_core_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(record) }]);
    }
    /**
     * Throws, before anything is written, when `record` would not verify on top of `entries`: a
     * reader would refuse the whole chain after it, so a decision's mistake stops its own step.
     */
    refuseBroken(record, entries) {
        const problem = (0,_core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .appendProblem */ .a4)(this.options.chain, entries.map(entry => entry.value), record, {
            canonical: entries.every(e => e.json !== undefined)
                ? entries.map(e => e.json)
                : undefined
        });
        if (problem !== null)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .IllegalTransition */ .sK(`Not written to ${this.ref}: ${problem}. Nothing was written.`);
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
