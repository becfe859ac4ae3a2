export const id = 16;
export const ids = [16];
export const modules = {

/***/ 8306:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hr: () => (/* binding */ DispatchKeySchema),
/* harmony export */   K4: () => (/* binding */ StoredAdmissionSchema),
/* harmony export */   Xd: () => (/* binding */ MAX_KEY_BYTES),
/* harmony export */   t5: () => (/* binding */ withGeneration),
/* harmony export */   uW: () => (/* binding */ ADMISSION_SCHEMA)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1183);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4130);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2020);




const ADMISSION_SCHEMA = 'dispatch-ledger/admission/v1';
const MAX_KEY_BYTES = 1024;
const DispatchKeySchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1, 'must not be empty'), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(key => Buffer.byteLength(key, 'utf8') <= MAX_KEY_BYTES, `must be at most ${MAX_KEY_BYTES} UTF-8 bytes`), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(key => !_text_js__WEBPACK_IMPORTED_MODULE_2__/* .CONTROL_CHARACTERS */ .nI.test(key), 'must not contain control characters'));
/**
 * docs/design/storage.md, docs/design/generations.md: the immutable record that a key was admitted for a run. Closed. `generation`
 * and `previous_run_id` came with generations; an admission written before them (v0.1) has
 * neither and is read as generation 1 with no previous run, which is what it was. One of the
 * two without the other, or a generation that contradicts its previous run, is corrupt.
 */
const StoredAdmissionSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    schema: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(ADMISSION_SCHEMA),
    dispatch_key: DispatchKeySchema,
    request_digest: _record_js__WEBPACK_IMPORTED_MODULE_1__/* .DigestSchema */ .eH,
    run_id: _record_js__WEBPACK_IMPORTED_MODULE_1__/* .RunIdSchema */ .Iz,
    ledger_ref: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^refs\/.+\/runs\/[0-9a-f]{64}$/, 'must be a ledger ref')),
    admitted_at: _record_js__WEBPACK_IMPORTED_MODULE_1__/* .TimestampSchema */ .wX,
    generation: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._lte */ .Zm(999_999_999))),
    previous_run_id: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(_record_js__WEBPACK_IMPORTED_MODULE_1__/* .RunIdSchema */ .Iz))
})
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(a => (a.generation === undefined) === (a.previous_run_id === undefined), 'generation and previous_run_id must be given together'), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(a => a.generation === undefined || (a.generation === 1) === (a.previous_run_id === null), 'previous_run_id must be null for generation 1 and a run id for any later generation'));
/** Reads a stored admission's generation fields, defaulting those of a v0.1 admission. */
function withGeneration(stored) {
    return {
        ...stored,
        generation: stored.generation ?? 1,
        previous_run_id: stored.previous_run_id ?? null
    };
}


/***/ }),

/***/ 5263:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cv: () => (/* binding */ encodeCommit),
/* harmony export */   DQ: () => (/* binding */ epochSeconds),
/* harmony export */   Dk: () => (/* binding */ admissionCommit),
/* harmony export */   L5: () => (/* binding */ parseCommit),
/* harmony export */   LP: () => (/* binding */ decodeEntry),
/* harmony export */   Mv: () => (/* binding */ decodeAdmission),
/* harmony export */   eT: () => (/* binding */ decodeRecord),
/* harmony export */   f2: () => (/* binding */ chainCommit),
/* harmony export */   pL: () => (/* binding */ EMPTY_TREE),
/* harmony export */   rN: () => (/* binding */ recordCommit),
/* harmony export */   zK: () => (/* binding */ IDENTITY)
/* harmony export */ });
/* unused harmony exports ADMISSION_SUBJECT, chainSubject */
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(993);
/* harmony import */ var _admission_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8306);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4130);





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
        json: (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(admission)
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
        json: (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(record)
    };
}
function recordCommit(record, parent) {
    return chainCommit(_record_js__WEBPACK_IMPORTED_MODULE_4__/* .RUN_ENTRY */ .n9, record, parent);
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
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .CorruptEntry */ .Ob(ref, 'the commit message has no JSON body', oid);
    const body = message.slice(split + 2).replace(/\n$/, '');
    let value;
    try {
        value = JSON.parse(body);
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .CorruptEntry */ .Ob(ref, 'the commit message body is not JSON', oid);
    }
    const proto = (0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .findProtoKey */ .Di)(value);
    if (proto !== null)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .CorruptEntry */ .Ob(ref, `it has a field named __proto__ (${proto})`, oid);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? issue.path.join('.') : 'the entry';
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .CorruptEntry */ .Ob(ref, `${where} ${issue?.message ?? 'is invalid'}`, oid);
    }
    if ((0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(value) !== body)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .CorruptEntry */ .Ob(ref, 'the JSON body is not in canonical (JCS) form', oid);
    return { value: parsed.data, json: body };
}
function decodeAdmission(ref, raw) {
    return (0,_admission_js__WEBPACK_IMPORTED_MODULE_3__/* .withGeneration */ .t5)(decodeEntry(ref, raw, _admission_js__WEBPACK_IMPORTED_MODULE_3__/* .StoredAdmissionSchema */ .K4).value);
}
/** A stored record and its canonical JSON text (which digests it without re-encoding). */
function decodeRecord(ref, raw, oid) {
    return decodeEntry(ref, raw, _record_js__WEBPACK_IMPORTED_MODULE_4__/* .RecordSchema */ .X2, oid);
}


/***/ }),

/***/ 5860:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AU: () => (/* binding */ bucketOf),
/* harmony export */   BU: () => (/* binding */ FAMILIES),
/* harmony export */   C4: () => (/* binding */ indexRef),
/* harmony export */   CY: () => (/* binding */ parseArchiveAfter),
/* harmony export */   E0: () => (/* binding */ bucketOfEntry),
/* harmony export */   KY: () => (/* binding */ liveChainPrefix),
/* harmony export */   Mi: () => (/* binding */ archiveRef),
/* harmony export */   Rg: () => (/* binding */ admissionName),
/* harmony export */   _d: () => (/* binding */ isExpired),
/* harmony export */   l6: () => (/* binding */ parseRetentionDays),
/* harmony export */   s3: () => (/* binding */ entryPath),
/* harmony export */   sZ: () => (/* binding */ endedPath),
/* harmony export */   xB: () => (/* binding */ isIdle),
/* harmony export */   xj: () => (/* binding */ parseLogical)
/* harmony export */ });
/* unused harmony exports chainName, bucketOfName, RETENTION_FLOOR_DAYS */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
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
function parseArchiveAfter(text) {
    const value = text.trim() === '' ? '1h' : text.trim();
    const match = DURATION.exec(value);
    if (!match || (match[1] !== '0' && match[2] === undefined))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`archive-after\` input ${JSON.stringify(text)} is not a duration. Use 0, or a whole ` +
            'number followed by m, h or d (for example 30m, 1h, 2d), at most 365d.');
    const capSeconds = 365 * UNIT_SECONDS.d;
    const digits = match[1];
    const seconds = digits.length > String(capSeconds).length
        ? Infinity
        : Number(digits) * (match[2] ? UNIT_SECONDS[match[2]] : 0);
    if (seconds > capSeconds)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`archive-after\` input ${JSON.stringify(text)} is longer than the cap of 365d ` +
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
function parseRetentionDays(text) {
    const value = text.trim() === '' ? '0' : text.trim();
    if (!/^(0|[1-9][0-9]{0,5})$/.test(value))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`retention-days\` input ${JSON.stringify(text)} is not a whole number of days. Use 0 ` +
            `(keep every key forever, the default) or ${RETENTION_FLOOR_DAYS} or more.`);
    const days = Number(value);
    if (days > 0 && days < RETENTION_FLOOR_DAYS)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`retention-days\` input ${days} is refused: GitHub re-runs a workflow up to 30 days ` +
            'after it started and a run may last 35 days, so a key dropped sooner could admit a real ' +
            `duplicate as a new run. Use 0 (keep every key forever, the default) or ` +
            `${RETENTION_FLOOR_DAYS} or more.`);
    return days;
}
/** Whether a key whose newest generation ended at `endedAt` (epoch seconds) is past retention. */
function isExpired(endedAt, now, retentionDays) {
    return retentionDays > 0 && now - endedAt > retentionDays * 86400;
}


/***/ }),

/***/ 4130:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ce: () => (/* binding */ NO_AUTHORITY),
/* harmony export */   FR: () => (/* binding */ RecordInputSchema),
/* harmony export */   Iz: () => (/* binding */ RunIdSchema),
/* harmony export */   Js: () => (/* binding */ ActorSchema),
/* harmony export */   X2: () => (/* binding */ RecordSchema),
/* harmony export */   Xf: () => (/* binding */ WriterSchema),
/* harmony export */   eH: () => (/* binding */ DigestSchema),
/* harmony export */   ep: () => (/* binding */ RECORD_SCHEMA),
/* harmony export */   n9: () => (/* binding */ RUN_ENTRY),
/* harmony export */   wX: () => (/* binding */ TimestampSchema)
/* harmony export */ });
/* unused harmony exports TRIGGERS, TriggerSchema, IdempotencySchema, AttemptSchema, SUBMISSION_STATES, SubmissionStateSchema, ProviderSchema, FailureSchema, EvidenceSchema, DecisionSchema, AuthoritySchema */
/* harmony import */ var _states_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8001);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1183);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2020);





const RECORD_SCHEMA = 'dispatch-ledger/record/v1';
/** A non-empty string of at most max characters. */
const Text = (max) => zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(max));
/** docs/design/writers.md: run ids are printable: no control characters. */
const RunIdSchema = Text(1024).check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(id => !_text_js__WEBPACK_IMPORTED_MODULE_2__/* .CONTROL_CHARACTERS */ .nI.test(id), 'must not contain control characters'));
const DigestSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^sha256:[0-9a-f]{64}$/, 'must be sha256: followed by 64 lowercase hex digits'));
/** RFC 3339 in UTC, ending in Z, from the year 2000 to 9999 (docs/design/writers.md "Time"). */
const TimestampSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^(?:2\d{3}|[3-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/, 'must be an RFC 3339 UTC time ending in Z, in the years 2000 to 9999'));
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
const TriggerSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(TRIGGERS);
const ActorSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    login: Text(256),
    id: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._nonnegative */ .UI())
});
const IdempotencySchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    dispatch_key: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(key => !_text_js__WEBPACK_IMPORTED_MODULE_2__/* .CONTROL_CHARACTERS */ .nI.test(key), 'must not contain control characters')),
    request_digest: DigestSchema,
    input_key: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(Text(1024))
});
const AttemptSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    number: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1)),
    reason: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['initial', 'retry', 'recovery'])
});
const SUBMISSION_STATES = [
    'not_submitted',
    'submitted',
    'ambiguous',
    'definite_failure'
];
const SubmissionStateSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(SUBMISSION_STATES);
const ProviderSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    driver: Text(256),
    submission_state: SubmissionStateSchema,
    // A `__proto__` name is refused before parsing (findProtoKey): zod would drop it silently.
    external_ids: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP())
});
const FailureSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    code: Text(256),
    classification: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n([
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
    retryable: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY()
});
const EvidenceSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    kind: Text(256),
    digest: DigestSchema,
    uri: Text(4096).check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(uri => !uri.split(/[/\\]/).includes('..'), 'must not contain a .. path segment'))
});
const DecisionSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    outcome: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['approved', 'rejected']),
    by: Text(256)
});
const denied = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(false, {
    error: 'must be false: a record is evidence, never a grant of authority'
});
const AuthoritySchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
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
const WriterSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    github_run_id: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
        .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^[1-9][0-9]{0,19}$/, 'must be a workflow run id (digits)')),
    run_attempt: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1)),
    workflow_ref: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(1024))
});
/** docs/design/storage.md: a ledger record. Closed at every level. */
const RecordSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    schema: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(RECORD_SCHEMA),
    run_id: RunIdSchema,
    ledger_sequence: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1)),
    previous_record_digest: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(DigestSchema),
    state: _states_js__WEBPACK_IMPORTED_MODULE_0__/* .StateSchema */ .XJ,
    occurred_at: TimestampSchema,
    trigger: TriggerSchema,
    actor: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(ActorSchema),
    idempotency: IdempotencySchema,
    attempt: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(AttemptSchema),
    provider: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(ProviderSchema),
    failure: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(FailureSchema),
    evidence: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(EvidenceSchema),
    decision: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(DecisionSchema),
    note: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(4096))),
    authority: AuthoritySchema,
    writer: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(WriterSchema)
});
/** The fields a `record` input may set; the action fills in the rest. */
const RecordInputSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    attempt: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(AttemptSchema)),
    provider: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(ProviderSchema)),
    failure: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(FailureSchema)),
    evidence: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(EvidenceSchema)),
    decision: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(DecisionSchema)),
    note: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(4096)))),
    input_key: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(Text(1024)))
});
/** A run's record as a link of the one chain entity (core/chain/definition.ts). */
const RUN_ENTRY = {
    schema: RECORD_SCHEMA,
    noun: 'record',
    fields: { sequence: 'ledger_sequence', previousDigest: 'previous_record_digest' },
    ends: record => (0,_states_js__WEBPACK_IMPORTED_MODULE_0__/* .isTerminal */ .Hd)(record.state),
    keyOf: record => record.idempotency.dispatch_key,
    sequence: record => record.ledger_sequence,
    previousDigest: record => record.previous_record_digest,
    state: record => record.state,
    occurredAt: record => record.occurred_at
};


/***/ }),

/***/ 993:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Di: () => (/* binding */ findProtoKey),
/* harmony export */   ou: () => (/* binding */ parseJsonInput),
/* harmony export */   zS: () => (/* binding */ parseOrThrow)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);

/** Parses untrusted input with a schema; the error names the first bad field. */
function parseOrThrow(schema, value, what) {
    const parsed = schema.safeParse(value);
    if (parsed.success)
        return parsed.data;
    const issues = parsed.error.issues.slice(0, 3).map(issue => {
        return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    });
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`${what} is invalid: ${issues.join('; ')}.`);
}
/** Parses a JSON text input; the error names the input. */
function parseJsonInput(text, input) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The ${input} input is not valid JSON (${error.message}). ` +
            `Pass a JSON value, for example ${input}: '{"model": "large"}'.`);
    }
}
/**
 * The path of the first own property named `__proto__` in a parsed JSON value, or null.
 * JSON.parse keeps such a key as data, but zod (like any object literal) drops it: refusing it
 * is the only way not to change a stored payload silently.
 */
function findProtoKey(value, path = []) {
    if (typeof value !== 'object' || value === null)
        return null;
    for (const key of Object.keys(value)) {
        const at = [...path, key];
        if (key === '__proto__')
            return at.join('.');
        const found = findProtoKey(value[key], at);
        if (found !== null)
            return found;
    }
    return null;
}


/***/ }),

/***/ 4525:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Mm: () => (/* binding */ bounded),
/* harmony export */   Mw: () => (/* binding */ committerTime),
/* harmony export */   TU: () => (/* binding */ Git),
/* harmony export */   mB: () => (/* binding */ causeLine),
/* harmony export */   oI: () => (/* binding */ refNameClash),
/* harmony export */   pB: () => (/* binding */ checkPrefixes),
/* harmony export */   qo: () => (/* binding */ clashError)
/* harmony export */ });
/* unused harmony exports commandName, redact, EXCERPT_LIMIT, excerpt, quietTraces, transaction, createLine, ObjectReader */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8522);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_zlib__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _core_entry_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5263);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4296);







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
class Git {
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
        return (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)('git', [...BASE_CONFIG, ...args], {
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
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD(`Cannot write to the object directory ${objects} (${error.code ?? error.message}). ` +
                'Nothing was admitted or recorded. The step must be able to write the repository: ' +
                'run it as the user that owns the checkout, on a writable file system.');
        }
        this.emptyTreeWritten = true;
    }
    writeEmptyTree(objects) {
        return writeLoose(objects, _core_entry_js__WEBPACK_IMPORTED_MODULE_5__/* .EMPTY_TREE */ .pL, Buffer.from('tree 0\0', 'latin1'));
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
            return (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(common, 'objects');
        const out = await this.ok(['rev-parse', '--git-path', 'objects']);
        return (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(this.cwd, out.trim());
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
        return (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(this.cwd, (await this.ok(['rev-parse', '--git-common-dir'])).trim());
    }
    async commonDir() {
        if (this.env.GIT_DIR || this.env.GIT_OBJECT_DIRECTORY || this.env.GIT_CONFIG)
            return null;
        const dotGit = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(this.cwd, '.git');
        const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(dotGit).catch(() => null);
        let gitDir = null;
        if (info?.isDirectory())
            gitDir = dotGit;
        else if (info?.isFile()) {
            const pointer = /^gitdir: (.+)$/m.exec(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)(dotGit, 'utf8'));
            if (pointer?.[1])
                gitDir = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(this.cwd, pointer[1].trim());
        }
        else if ((await exists((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(this.cwd, 'HEAD'))) && (await exists((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(this.cwd, 'objects'))))
            gitDir = this.cwd;
        if (!gitDir)
            return null;
        const common = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(gitDir, 'commondir'), 'utf8').catch(() => null);
        return common ? (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(gitDir, common.trim()) : gitDir;
    }
    /**
     * Whether a remote is configured. Read from the repository's config file when it is plain
     * (no includes), which saves a git process on every step; otherwise git is asked.
     */
    async hasRemote(remote) {
        const common = await this.commonDir();
        const config = common ? await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(common, 'config'), 'utf8').catch(() => null) : null;
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
            return new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD('git was not found on PATH. Install git (2.36 or newer) on the runner.');
        return new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD(`Could not start git: ${error.message}`);
    }
    failure(args, result) {
        const said = excerpt(result.stderr);
        if (/not a git repository/i.test(said))
            return new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD(`${this.cwd} is not a git repository. Check the repository out first ` +
                '(actions/checkout) or point repository-path at one.');
        const clash = refNameClash(said);
        if (clash)
            return clashError(clash, 'this repository');
        return new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD(`git ${commandName(args)} failed (exit ${result.code}): ${said || '(no message)'}`);
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
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD(`${where} holds the ref ${clash.existing}, so ${clash.wanted} cannot be created (a ref ` +
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
        const path = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(common, ref);
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
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readdirSync)(path, { withFileTypes: true });
    }
    catch {
        return null;
    }
}
function readOrNull(path) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(path, 'latin1');
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
    if (await exists((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(common, 'reftable')))
        return null;
    const matches = (ref) => prefixes.some(p => ref.startsWith(p) && !ref.slice(p.length).includes('/'));
    const found = new Map();
    for (const dir of new Set(prefixes.map(p => p.slice(0, p.lastIndexOf('/'))))) {
        // Synchronous reads: a fetch leaves hundreds of loose ref files, and each asynchronous read
        // is a thread-pool round trip of its own (a warm `status` spent a quarter second on them).
        for (const entry of readdirOrNull((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(common, dir)) ?? []) {
            const ref = `${dir}/${entry.name}`;
            if (entry.isDirectory() || entry.name.endsWith('.lock') || !matches(ref))
                continue;
            const text = readOrNull((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(common, ref));
            // A ref deleted since its directory was read is simply not listed.
            if (text === null)
                continue;
            const oid = /^([0-9a-f]{40})\n?$/.exec(text)?.[1];
            if (!oid)
                return null;
            found.set(ref, oid);
        }
    }
    const packed = readOrNull((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(common, 'packed-refs')) ?? '';
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
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD(`a ref prefix has a glob character: ${p}`);
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
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(objects, oid.slice(0, 2), oid.slice(2));
    if (await exists(path))
        return;
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(path), { recursive: true });
    const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const file = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(temp, 'wx', 0o444);
    try {
        await file.writeFile((0,node_zlib__WEBPACK_IMPORTED_MODULE_4__.deflateSync)(raw));
        await file.sync();
    }
    finally {
        await file.close();
    }
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rename)(temp, path);
}
async function exists(path) {
    return (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(path).catch(() => null)) !== null;
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
            return Promise.reject(new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD('object name has a newline'));
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
        this.failed ??= new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD('reader closed');
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
                this.fail(new _core_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .StoreError */ .AD(`git cat-file answered ${JSON.stringify(header)}`));
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


/***/ }),

/***/ 6589:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  RX: () => (/* binding */ IndexedStore)
});

// UNUSED EXPORTS: BUCKET_TRIES, DEFAULT_ARCHIVE_AFTER_SECONDS

// EXTERNAL MODULE: ./src/core/entry.ts
var entry = __webpack_require__(5263);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/index/layout.ts
var layout = __webpack_require__(5860);
// EXTERNAL MODULE: ./src/core/refs.ts
var refs = __webpack_require__(9301);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./src/core/schema.ts + 1 modules
var schema = __webpack_require__(1183);
// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var canonical = __webpack_require__(1649);
;// CONCATENATED MODULE: ./src/core/index/entry.ts
/**
 * The index entry of an archived chain (docs/design/storage.md#archived-chains): closed JSON
 * with a schema name, stored as a blob at `runs/<h>` or `operations/<h>` in its bucket's tree.
 * It records the chain's head (kept reachable by the bucket's archive ref) and whether the
 * head ended the chain, with the head's time, which retention reads. Pure.
 */




const INDEX_ENTRY_SCHEMA = 'dispatch-ledger/index-entry/v1';
const OID = schemas/* string */.YjP().check(api/* _regex */.Fk(/^[0-9a-f]{40}([0-9a-f]{24})?$/));
const IndexEntrySchema = schemas/* strictObject */.rej({
    schema: schemas/* literal */.euz(INDEX_ENTRY_SCHEMA),
    ref: schemas/* string */.YjP(),
    head: OID,
    ended: schemas/* boolean */.zMY(),
    written_at: schemas/* number */.aig().check(schemas/* int */.Whr(), api/* _nonnegative */.UI())
});
function encodeIndexEntry(entry) {
    return (0,canonical/* canonicalJson */.dj)({ schema: INDEX_ENTRY_SCHEMA, ...entry });
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
        throw new errors/* CorruptEntry */.Ob(where, 'its index entry is not JSON');
    }
    const parsed = IndexEntrySchema.safeParse(value);
    if (!parsed.success)
        throw new errors/* CorruptEntry */.Ob(where, `its index entry is not ${INDEX_ENTRY_SCHEMA}`);
    if (ref !== null && parsed.data.ref !== ref)
        throw new errors/* CorruptEntry */.Ob(where, `its index entry names ${parsed.data.ref}, not ${ref}`);
    return parsed.data;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
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

// EXTERNAL MODULE: ./src/store/git.ts
var git = __webpack_require__(4525);
;// CONCATENATED MODULE: ./src/store/chainReader.ts


const decodeLedger = entry/* decodeRecord */.eT;
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
            throw new errors/* CorruptEntry */.Ob(ref, 'a record commit has two parents', oid);
        const parent = commit.parents[0];
        if (!parent)
            break;
        const next = await objects.read(parent);
        if (!next)
            throw new errors/* CorruptEntry */.Ob(ref, `its parent ${parent} is missing`, oid);
        object = next;
    }
    return newestFirst.reverse();
}
/** An admission as stored (the admission commit's bytes): parentless, on the empty tree. */
function decodeStoredAdmission(ref, content) {
    if (!content.startsWith('tree '))
        throw new errors/* CorruptEntry */.Ob(ref, 'its index entry is not an admission commit (it holds a blob of other bytes)');
    const commit = entryCommit(ref, 'commit', content);
    if (commit.parents.length !== 0)
        throw new errors/* CorruptEntry */.Ob(ref, 'an admission commit has a parent');
    return (0,entry/* decodeAdmission */.Mv)(ref, content);
}
function entryCommit(ref, type, content, oid) {
    if (type !== 'commit')
        throw new errors/* CorruptEntry */.Ob(ref, `it points at a ${type}, not a commit`, oid);
    let commit;
    try {
        commit = (0,entry/* parseCommit */.L5)(content);
    }
    catch {
        throw new errors/* CorruptEntry */.Ob(ref, 'its entry is not a commit', oid);
    }
    if (commit.tree !== entry/* EMPTY_TREE */.pL)
        throw new errors/* CorruptEntry */.Ob(ref, 'its commit is not on the empty tree', oid);
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
            for (const parent of (0,entry/* parseCommit */.L5)(object.content).parents)
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
        throw new errors/* CorruptEntry */.Ob(ref, 'its tip is not an archive commit of this ref (a symbolic ref to another ref, or a ' +
            'forged commit?)');
}
/** On the empty tree, its subject exactly the archive subject of ref (the writer and verify). */
function isArchiveCommit(ref, content) {
    const commit = (0,entry/* parseCommit */.L5)(content);
    const subject = commit.message.split('\n\n')[0]?.replace(/\n$/, '');
    return commit.tree === entry/* EMPTY_TREE */.pL && subject === `dispatch-ledger archive ${ref}`;
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
        const path = (0,layout/* endedPath */.sZ)(item.name);
        const blob = await view.blob(path);
        if (blob)
            markers.push({
                where: view.at(path),
                key: (0,layout/* admissionName */.Rg)(namespace, item.name, 1),
                text: blob.bytes.toString('utf8')
            });
    }
    for (const family of layout/* FAMILIES */.BU)
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
                    ref: (0,layout/* admissionName */.Rg)(namespace, key.name, Number(item.name)),
                    text: blob.bytes.toString('utf8')
                });
        }
    }
    const archive = (0,layout/* archiveRef */.Mi)(namespace, bucket);
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
    const commit = (0,entry/* parseCommit */.L5)(object.content);
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
            throw new errors/* CorruptEntry */.Ob(ref, problem);
        const view = new BucketView(ref, object.oid, (0,entry/* parseCommit */.L5)(object.content).tree, objects);
        const stray = (await view.readTree(view.root)).find(item => !ROOT_DIRECTORIES.has(item.name) || item.mode !== TREE_MODE);
        if (stray)
            throw new errors/* CorruptEntry */.Ob(`${ref}:${stray.name}`, `an index bucket holds only ${[...ROOT_DIRECTORIES].join(', ')} directories, not this ` +
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
            throw new errors/* CorruptEntry */.Ob(this.at(path), 'it is not a readable blob');
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
        return new errors/* CorruptEntry */.Ob(this.at(path), `it is ${what} where ${belongs} belongs`);
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
            throw new errors/* CorruptEntry */.Ob(this.ref, `its tree ${oid} is missing or not a tree`);
        let items;
        try {
            items = parseTree(object.bytes);
        }
        catch {
            throw new errors/* CorruptEntry */.Ob(this.ref, `its tree ${oid} does not parse`);
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

// EXTERNAL MODULE: ./src/core/states.ts
var states = __webpack_require__(8001);
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
        const ref = (0,layout/* indexRef */.C4)(name.namespace, (0,layout/* bucketOf */.AU)(name.hash));
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
        await this.putPath(name, (0,layout/* entryPath */.s3)(name), body);
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
        return archivedAt(view, (0,layout/* entryPath */.s3)(name), ref, await this.blobAt(name, (0,layout/* entryPath */.s3)(name)));
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
        await this.putPath(key, (0,layout/* endedPath */.sZ)(key.hash), Buffer.from(encodeIndexEntry(entry), 'utf8'));
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
            if ((0,refs/* keyHash */.aE)(admission.dispatch_key) !== key.hash || admission.generation !== generation)
                throw new errors/* CorruptEntry */.Ob(view.at(path), `it admits generation ${admission.generation} of another key than its place names`);
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
            const path = (0,layout/* endedPath */.sZ)(item.name);
            const bytes = await this.blobAt(name, path);
            if (!bytes)
                continue;
            const marker = decodeIndexEntry(view.at(path), bytes.toString('utf8'), null);
            if (!(0,layout/* isExpired */._d)(marker.written_at, this.store.clock, this.store.retentionDays))
                continue;
            const key = {
                kind: 'admission',
                namespace: name.namespace,
                hash: item.name,
                generation: 1
            };
            const kept = await this.dropKey(key).catch((error) => {
                if (error instanceof errors/* CorruptEntry */.Ob)
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
        return why === undefined ? null : { where: view.at((0,layout/* endedPath */.sZ)(key.hash)), why };
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
        await this.putPath(key, (0,layout/* endedPath */.sZ)(key.hash), null);
        for (const run of runs) {
            await this.put(run, null);
            this.compacted.add(`${run.namespace}\n${(0,layout/* bucketOf */.AU)(run.hash)}`);
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
        const last = (0,entry/* decodeRecord */.eT)(admission.ledger_ref, head.content, found.head).value;
        if (last.run_id !== admission.run_id)
            return `${run}: its archived head ${found.head} is a record of run ${JSON.stringify(last.run_id)}`;
        if (!(0,states/* isTerminal */.Hd)(last.state))
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
        const bucket = (0,layout/* bucketOf */.AU)(name.hash);
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
            const live = await this.store.liveChains(namespace, hashes.map(n => (0,layout/* bucketOf */.AU)(n.hash)), this.objects);
            for (const chain of live)
                if (await this.archiveIfIdle(chain))
                    archived++;
        }
        return archived;
    }
    async archiveIfIdle(chain) {
        const logical = (0,layout/* parseLogical */.xj)(chain.ref);
        if (!logical || logical.kind !== 'chain' || this.touched.has(chain.ref))
            return false;
        if (!(0,layout/* isIdle */.xB)(chain.time, this.store.clock, this.store.archiveAfterSeconds))
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
        const ref = (0,layout/* archiveRef */.Mi)(namespace, bucket);
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
        for (const family of layout/* FAMILIES */.BU) {
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
            tree: entry/* EMPTY_TREE */.pL,
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
        `author ${entry/* IDENTITY */.zK} ${stamp}\ncommitter ${entry/* IDENTITY */.zK} ${stamp}\n\n${spec.subject}\n`;
    const body = Buffer.from(text, 'utf8');
    return { type: 'commit', body, oid: objectId('commit', body) };
}
function named(ref) {
    const name = (0,layout/* parseLogical */.xj)(ref);
    if (!name)
        throw new errors/* StoreError */.AD(`${ref} is not an admission, run or operation name`);
    return name;
}
/** A key's generations that are not exactly 1..N: which one is missing or misplaced. */
function generationGap(where, items, generation) {
    const names = items.map(i => i.name).sort();
    const stray = names.find(name => !/^[1-9][0-9]*$/.test(name));
    if (stray !== undefined)
        return new errors/* CorruptEntry */.Ob(where, `it holds ${JSON.stringify(stray)}, which is not a generation (a key holds generations ` +
            '1 to N, each a file)');
    return new errors/* CorruptEntry */.Ob(where, `its generations are ${names.join(', ')}, but generation ${generation} is missing or not an ` +
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
            const body = Buffer.from((0,entry/* encodeCommit */.Cv)(spec), 'utf8');
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
                throw new errors/* StoreError */.AD(`${advance.ref} is not a chain`);
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
            key: ended && end.key ? named((0,refs/* admissionRef */.Rp)(name.namespace, end.key)) : null
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
        await this.bringPrefixes(namespace, [`${namespace}/index/`, ...layout/* FAMILIES */.BU.map(f => `${namespace}/${f}/`)], false);
        // Every live chain is named: the sweep's plan reads their times through its one reader and
        // archives the idle ones (a listing with times would be one more process).
        const live = await this.git.listRefs(layout/* FAMILIES */.BU.map(f => `${namespace}/${f}/`));
        const names = live
            .map(r => (0,layout/* parseLogical */.xj)(r.ref))
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
            throw new errors/* StoreError */.AD(`the store ${this.name} cannot list its refs`);
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
        (0,git/* checkPrefixes */.pB)([prefix]);
        const key = (0,layout/* parseLogical */.xj)(prefix);
        if (key?.kind === 'admission' && key.generation === 1) {
            await this.bringNames([key], { refresh });
            const view = await session.bucket((0,layout/* indexRef */.C4)(key.namespace, (0,layout/* bucketOf */.AU)(key.hash)));
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
            throw new errors/* StoreError */.AD(`the store cannot list ${prefix}`);
        return this.listAll(family[1], family[2], refresh, session);
    }
    // ——— reading ———
    reader(session) {
        return {
            listRefs: (prefix, options) => this.listIn(prefix, options?.refresh ?? false, session),
            readAdmission: async (ref) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: false });
                const view = await session.bucket((0,layout/* indexRef */.C4)(name.namespace, (0,layout/* bucketOf */.AU)(name.hash)));
                const blob = await view.blob((0,layout/* entryPath */.s3)(name));
                if (!blob)
                    return null;
                const value = decodeStoredAdmission(ref, blob.bytes.toString('utf8'));
                return { oid: objectId('commit', blob.bytes), value };
            },
            readBucketExtras: async (namespace, bucket) => bucketExtras(namespace, bucket, await session.bucket((0,layout/* indexRef */.C4)(namespace, bucket)), session.objects()),
            chainId: async (ref) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: false });
                const live = await session.refOid(ref);
                if (live !== null)
                    return `live ${live}`;
                const view = await session.bucket((0,layout/* indexRef */.C4)(name.namespace, (0,layout/* bucketOf */.AU)(name.hash)));
                return itemId(view, (0,layout/* entryPath */.s3)(name));
            },
            admissionId: async (ref) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: false });
                const view = await session.bucket((0,layout/* indexRef */.C4)(name.namespace, (0,layout/* bucketOf */.AU)(name.hash)));
                // The key's whole directory, every generation in it: its id is read from the tree above
                // it without reading the directory, and it is the same only while the admission is.
                const path = (0,layout/* entryPath */.s3)(name);
                return itemId(view, path.slice(0, path.lastIndexOf('/')));
            },
            readChain: async (ref, chain, options) => {
                const name = named(ref);
                await this.bringNames([name], { refresh: options?.refresh ?? false });
                const found = await this.locate(name, ref, session);
                if (!found)
                    return null;
                const entry = `${(0,layout/* indexRef */.C4)(name.namespace, (0,layout/* bucketOf */.AU)(name.hash))}:${(0,layout/* entryPath */.s3)(name)}`;
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
                    throw new errors/* StoreError */.AD(`The archived head ${found.head} of ${ref}, which ${entry} names, is not in this ` +
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
        const view = await session.bucket((0,layout/* indexRef */.C4)(name.namespace, (0,layout/* bucketOf */.AU)(name.hash)));
        return archivedAt(view, (0,layout/* entryPath */.s3)(name), ref, (await view.blob((0,layout/* entryPath */.s3)(name)))?.bytes);
    }
    /**
     * Retention as a reader sees it: a key whose newest generation ended more than retention-days
     * ago is gone, whether or not a write has dropped it from its bucket yet.
     */
    async expired(view, hash) {
        if (this.retentionDays === 0)
            return false;
        const marker = await view.blob((0,layout/* endedPath */.sZ)(hash));
        if (!marker)
            return false;
        const entry = decodeIndexEntry(`${view.ref}:${(0,layout/* endedPath */.sZ)(hash)}`, marker.bytes.toString('utf8'), null);
        return (0,layout/* isExpired */._d)(entry.written_at, this.clock, this.retentionDays);
    }
    async listAll(namespace, family, refresh, session) {
        await this.bringPrefixes(namespace, [`${namespace}/index/`, ...layout/* FAMILIES */.BU.map(f => `${namespace}/${f}/`)], refresh);
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
            const own = (item) => (0,layout/* bucketOfEntry */.E0)(item.name) === name;
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
            throw new errors/* StoreError */.AD(`${ref} is not a chain`);
        const ended = options.ended ?? false;
        const key = ended && options.key ? named((0,refs/* admissionRef */.Rp)(name.namespace, options.key)) : null;
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
            throw new errors/* StoreError */.AD(`${this.name} could not lock ${this.refs.locked} in ${BUCKET_TRIES} tries, so nothing ` +
                'was written or claimed. This is a ref lock held on the server (a push still running ' +
                `there, or a ${this.refs.locked}.lock file a killed process left behind), not a ` +
                'conflict with other writers: re-run the step; if it repeats, remove the stale lock ' +
                'file on the server.');
        throw new errors/* StoreError */.AD(`Other writers kept changing the index bucket of ${describe(intent)} at ${this.name} ` +
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
        throw new errors/* StoreError */.AD(`Planning the write of ${describe(intent)} at ${this.name} kept needing index buckets ` +
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
                throw new errors/* CorruptEntry */.Ob(kept.where, `the key's end marker says it ended more than ${this.retentionDays} days ago, but ` +
                    `${kept.why}; the key is kept and no new run is admitted for it`);
            // The key's entry read whole: a gap or a broken generation fails closed right here.
            const held = (await plan.generationsOf(a.name)).length;
            if (held >= a.name.generation)
                present++;
            if (held >= a.name.generation &&
                (await plan.blobAt(a.name, (0,layout/* entryPath */.s3)(a.name)))?.equals(a.bytes))
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
            await plan.putPath(a.name, (0,layout/* endedPath */.sZ)(a.name.hash), null);
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
            buckets.add((0,layout/* bucketOf */.AU)(name.hash));
            byNamespace.set(name.namespace, buckets);
        }
        for (const [namespace, buckets] of byNamespace)
            await this.bringPrefixes(namespace, [...buckets].flatMap(b => [
                (0,layout/* indexRef */.C4)(namespace, b),
                ...layout/* FAMILIES */.BU.map(f => (0,layout/* liveChainPrefix */.KY)(namespace, f, b))
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
            ...buckets.flatMap(b => layout/* FAMILIES */.BU.map(f => (0,layout/* liveChainPrefix */.KY)(namespace, f, b)))
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
            throw new errors/* StoreError */.AD(`The ref ${symbolic} in this repository is a symbolic ref. dispatch-ledger keeps only ` +
                'plain refs under its namespace and never reads or writes through a symbolic one (it ' +
                'could lead to a branch); nothing was read or written. Remove it with ' +
                `\`git symbolic-ref --delete ${symbolic}\` (the next step fetches the real ref again).`);
        this.plain.add(namespace);
    }
    refuseLayoutV1(namespace, v1Refs) {
        const v1 = `${namespace}/admissions/`;
        if (v1Refs.length > 0)
            throw new errors/* StoreError */.AD(`The namespace ${namespace} holds refs of layout v1 (${v1}…), which this version does ` +
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
                throw new errors/* StoreError */.AD(`entry ${oid} was not written`);
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
        await this.refs.bring(buckets.map(b => (0,layout/* archiveRef */.Mi)(namespace, b)), { shallow: true, refresh: true });
        const own = this.refs.epoch === epoch ? null : this.git.openReader();
        const reader = own ?? objects;
        try {
            // Asked together, so the reader writes the requests to git at once.
            const read = await Promise.all(buckets.map(async (bucket) => {
                const ref = (0,layout/* archiveRef */.Mi)(namespace, bucket);
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
    return Promise.all(refs.map(async (r) => ({ ...r, time: (0,git/* committerTime */.Mw)(await objects.read(r.oid)) })));
}
/** What an applied write answers. */
function appliedAnswer(intent) {
    return intent.kind === 'create' ? 'created' : intent.kind === 'advance' ? 'advanced' : 'archived';
}
function describe(intent) {
    if (intent.kind === 'create')
        return [...intent.admissions, ...intent.chains, ...intent.advances]
            .map(x => x.ref)
            .join(' and ');
    return intent.kind === 'advance' ? intent.ref : `the idle chains of ${intent.names[0]?.namespace}`;
}
function pause(attempt) {
    return new Promise(resolve => setTimeout(resolve, Math.random() * 20 * Math.min(attempt, 10)));
}


/***/ }),

/***/ 3974:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  WH: () => (/* binding */ LocalRefs),
  rX: () => (/* binding */ RemoteRefs),
  TM: () => (/* binding */ firstLine),
  T8: () => (/* binding */ isLeaseRefused),
  d2: () => (/* binding */ parsePorcelain)
});

// UNUSED EXPORTS: heldLock, isLockFailure, isRaceLost

// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/store/git.ts
var git = __webpack_require__(4525);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
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
        const info = await (0,promises_.lstat)(lock).catch(() => null);
        if (!info?.isFile() || info.mtimeMs >= before)
            continue;
        await (0,promises_.rm)(lock, { force: true });
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
                summary: (0,git/* bounded */.Mm)(match[3])
            });
    }
    return lines;
}
class RemoteRefs {
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
                throw new errors/* StoreError */.AD(`The remote ${this.name} does not hold ${what ?? `the object ${oids.join(', ')}`}: the ` +
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
            throw new errors/* StoreError */.AD(`the snapshot of ${this.name} is read-only`);
        const result = await this.git.push(this.remote, changes, { atomic: true, follow: true });
        const parsed = parsePorcelain(result.stdout);
        const lines = changes.map(c => parsed.get(c.ref));
        if (result.code !== 0) {
            const clash = (0,git/* refNameClash */.oI)(result.stderr);
            if (clash)
                throw (0,git/* clashError */.qo)(clash, `The remote ${this.name}`);
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
            throw new errors/* StoreError */.AD(`The ref ${symbolic} in this repository is a symbolic ref, and fetching ${this.name}'s ` +
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
        throw new errors/* StoreError */.AD(`The remote ${this.name} refused to let this job ${access} refs (${firstLine(result.stderr)}). ` +
            'Nothing was admitted or recorded. Give the workflow `permissions: contents: ' +
            `${access}\` (and check out with credentials persisted, as actions/checkout does by default).`);
    }
    rejected(result, line) {
        return new errors/* StoreError */.AD(`The remote ${this.name} rejected the push (${line.ref}: ${line.summary}; ` +
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
    return (0,git/* causeLine */.mB)(text) ?? 'no message';
}


/***/ }),

/***/ 7003:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ZW: () => (/* binding */ LedgerRepositoryStore),
  bc: () => (/* binding */ authorizationHeader),
  vX: () => (/* binding */ openLedgerStore)
});

// UNUSED EXPORTS: credentialEnv, ledgerUrl

// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
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

// EXTERNAL MODULE: ./src/store/git.ts
var store_git = __webpack_require__(4525);
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
    const base = xdg && (0,external_node_path_.isAbsolute)(xdg) ? xdg : (0,external_node_path_.join)(env.HOME || (0,external_node_os_.homedir)(), '.cache');
    return { root: (0,external_node_path_.join)(base, 'dispatch-ledger'), setting: 'XDG_CACHE_HOME' };
}
/**
 * A step's: RUNNER_TEMP is the job's own directory, emptied by the runner between jobs, so a
 * cache there is never shared with another job or user; outside a runner, the user's.
 */
function stepCacheLocation(env) {
    return env.RUNNER_TEMP
        ? { root: (0,external_node_path_.join)(env.RUNNER_TEMP, 'dispatch-ledger'), setting: 'RUNNER_TEMP' }
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
async function openCache(options) {
    const judge = { uid: process.getuid?.() ?? null, setting: options.location.setting };
    const env = withConfig(options.env, CACHE_CONFIG);
    const root = options.location.root;
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(root), { recursive: true, mode: 0o700 }).catch(() => { });
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
    const top = held ?? new Set(await (0,promises_.readdir)(dir).catch(() => []));
    if ([...top].some(name => name.endsWith('.lock')))
        return true;
    const refs = await (0,promises_.readdir)((0,external_node_path_.join)(dir, 'refs'), { recursive: true }).catch(() => []);
    return refs.some(name => name.endsWith('.lock'));
}
/**
 * The cache made again, fresh: the old one moved aside (so no git still in it writes into the
 * new one) and removed. It is a copy of the arbiter, so nothing is lost; the next fetch brings
 * what is needed again.
 */
async function remakeCache(cache) {
    const aside = `${cache.dir}.stale-${process.pid}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    await (0,promises_.rename)(cache.dir, aside).catch(error => {
        if (error.code !== 'ENOENT')
            throw error;
    });
    await (0,promises_.mkdir)(cache.dir, { mode: 0o700 }).catch(error => {
        if (error.code !== 'EEXIST')
            throw error;
    });
    await initCache(cache);
    await (0,promises_.rm)(aside, { recursive: true, force: true });
}
/** `git init --bare` with no template: no sample hooks, nothing but what git needs. */
async function initCache(cache) {
    await new store_git/* Git */.TU(cache.dir, cache.env).ok(['init', '--quiet', '--bare', '--template=']);
}
/** A directory of the cache: made mode 0700 when absent, else checked before any use. */
async function ownDirectory(path, judge) {
    await (0,promises_.mkdir)(path, { mode: 0o700 }).catch(error => {
        if (error.code !== 'EEXIST')
            throw new errors/* StoreError */.AD(`Cannot make the cache directory ${path} (${error.code}). ` +
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
    const names = await (0,promises_.readdir)(dir);
    for (const name of names)
        refuse(cachePathRefusal(await factsOf((0,external_node_path_.join)(dir, name)), { ...judge, directory: false }));
    if (names.includes('config')) {
        const path = (0,external_node_path_.join)(dir, 'config');
        refuse(cacheConfigRefusal(path, await (0,promises_.readFile)(path, 'utf8'), judge));
    }
    return new Set(names);
}
async function factsOf(path) {
    const info = await (0,promises_.lstat)(path);
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
        throw new errors/* StoreError */.AD(refusal);
}

// EXTERNAL MODULE: ./src/store/index/indexedStore.ts + 8 modules
var indexedStore = __webpack_require__(6589);
// EXTERNAL MODULE: ./src/store/index/physical.ts + 1 modules
var physical = __webpack_require__(3974);
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
class LedgerRepositoryStore extends indexedStore/* IndexedStore */.RX {
    code;
    constructor(refs, options, code) {
        super(refs, options);
        this.code = code;
    }
}
async function openLedgerStore(ledger, options) {
    const { repository, token } = ledger;
    if (token.trim() === '')
        throw new errors/* InvalidInput */.o9(`ledger-repository ${repository} needs a token that may write it: set \`ledger-token\` ` +
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
    const git = new store_git/* Git */.TU(cache.dir, cache.env);
    const refs = new physical/* RemoteRefs */.rX(git, repository, {
        ...options.layout,
        remote: url,
        refusal: (access, said) => refused(repository, access, said)
    });
    return new LedgerRepositoryStore(refs, options.layout, options.code ?? null);
}
/** A token that may not read or may not write the ledger repository: what to fix, named. */
function refused(repository, access, said) {
    return new errors/* StoreError */.AD(`The ledger repository ${repository} refused to let this job ${access} its refs (${said}). ` +
        'Nothing was admitted or recorded. The `ledger-token` needs `contents: write` on ' +
        `${repository}; GitHub answers 404 both for a repository that does not exist and for one ` +
        'the token cannot see, so check the name as well.');
}


/***/ }),

/***/ 281:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ LocalStore)
/* harmony export */ });
/* harmony import */ var _index_indexedStore_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6589);
/* harmony import */ var _index_physical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3974);


/** The local repository's refs are the store: the arbiter when there is no remote. */
class LocalStore extends _index_indexedStore_js__WEBPACK_IMPORTED_MODULE_0__/* .IndexedStore */ .RX {
    constructor(git, options = {}) {
        super(new _index_physical_js__WEBPACK_IMPORTED_MODULE_1__/* .LocalRefs */ .WH(git), options);
    }
}


/***/ }),

/***/ 7994:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ RemoteStore)
/* harmony export */ });
/* harmony import */ var _index_indexedStore_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6589);
/* harmony import */ var _index_physical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3974);


/**
 * docs/design/arbiter.md: the repository's remote is the arbiter, since every job runs on a
 * fresh machine. Objects are written locally, then one push per write decides; local refs
 * follow what the remote holds so later steps in the job read locally.
 */
class RemoteStore extends _index_indexedStore_js__WEBPACK_IMPORTED_MODULE_0__/* .IndexedStore */ .RX {
    constructor(git, name, options = {}) {
        super(new _index_physical_js__WEBPACK_IMPORTED_MODULE_1__/* .RemoteRefs */ .rX(git, name, { warn: options.warn, refusal: options.refusal }), options);
    }
}


/***/ })

};
