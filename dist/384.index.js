export const id = 384;
export const ids = [384];
export const modules = {

/***/ 5444:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CQ: () => (/* binding */ following),
  T5: () => (/* binding */ operationJournal),
  sb: () => (/* binding */ prepared)
});

// EXTERNAL MODULE: ./src/core/effect/operation.ts
var operation = __webpack_require__(6084);
;// CONCATENATED MODULE: ./src/core/effect/newOperationRecord.ts

/** The prepared record: sequence 1 of a new operation. */
function preparedRecord(fields) {
    return {
        schema: operation/* OPERATION_SCHEMA */.kV,
        operation_id: fields.operation_id,
        sequence: 1,
        previous_digest: null,
        state: 'prepared',
        occurred_at: fields.occurred_at,
        intent: fields.intent,
        intent_digest: fields.intent_digest,
        send: null,
        result: null,
        observation: null,
        resolution: null,
        writer: fields.writer
    };
}
/** The record after `head` (whose digest is headDigest); validity is the chain's to check. */
function nextRecord(head, headDigest, fields) {
    return {
        schema: operation/* OPERATION_SCHEMA */.kV,
        operation_id: head.operation_id,
        sequence: head.sequence + 1,
        previous_digest: headDigest,
        state: fields.state,
        occurred_at: fields.occurred_at,
        intent: head.intent,
        intent_digest: head.intent_digest,
        send: fields.send ?? null,
        result: fields.result ?? null,
        observation: fields.observation ?? null,
        resolution: fields.resolution ?? null,
        writer: fields.writer
    };
}

// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var canonical = __webpack_require__(1649);
// EXTERNAL MODULE: ./src/core/chain/definition.ts
var definition = __webpack_require__(3532);
// EXTERNAL MODULE: ./src/core/entry.ts
var entry = __webpack_require__(5263);
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
const STORED = "the stored operation chain does not verify (it was altered or written without these checks); inspect the operation's ref and repair it by hand. Nothing was sent from it";
/** The rule a single record breaks given its predecessor, or null. Exported for the tests. */
function operationLinkProblem(previous, record, context) {
    const link = (0,definition/* linkProblem */.kD)(OPERATION_ENTRY, previous, context.previousDigest, record);
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
    if ((0,canonical/* digestOf */.ol)(record.intent) !== record.intent_digest)
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
    schema: operation/* OPERATION_SCHEMA */.kV,
    noun: 'operation',
    fields: { sequence: 'sequence', previousDigest: 'previous_digest' },
    ends: record => operation/* FINAL_STATES */.MS.has(record.state),
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
    stored: STORED,
    commit: (record, parent) => (0,entry/* chainCommit */.f2)(OPERATION_ENTRY, record, parent),
    decode: (ref, raw, oid) => (0,entry/* decodeEntry */.LP)(ref, raw, operation/* OperationRecordSchema */.gP, oid),
    folder: operationFolder
};
function operationFolder() {
    let first = null;
    let sends = 0;
    let result = null;
    let resolution = null;
    return {
        problem(previous, previousDigest, record, sequence) {
            if (!operation/* OperationRecordSchema */.gP.safeParse(record).success)
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
                final: operation/* FINAL_STATES */.MS.has(head.state),
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

// EXTERNAL MODULE: ./src/core/time.ts
var time = __webpack_require__(2334);
// EXTERNAL MODULE: ./src/store/journal.ts
var journal = __webpack_require__(634);
;// CONCATENATED MODULE: ./src/commands/operationJournal.ts
/**
 * An effect's operation as a chain of the one chain entity: its journal and the records a
 * writer appends to it (docs/design/effects.md#operations).
 */





function operationJournal(store, namespace, operationId) {
    return new journal/* Journal */.C({ store, ref: (0,operation/* operationRef */.Rp)(namespace, operationId), chain: OPERATION_CHAIN });
}
/** The prepared record (sequence 1) of a new operation. */
function prepared(by, fields) {
    return preparedRecord({ ...fields, occurred_at: nowOf(by), writer: by.writer });
}
/** The record that would follow the journal's head (not written). */
function following(journal, by, fields) {
    const head = journal.head;
    const op = journal.state;
    if (!head || !op)
        throw new Error('append before the operation was read');
    return nextRecord(head.value, op.head_digest, {
        ...fields,
        occurred_at: nowOf(by),
        writer: by.writer
    });
}
function nowOf(by) {
    return (0,time/* timestampOf */.U_)(by.clock.now());
}


/***/ }),

/***/ 5742:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DQ: () => (/* reexport safe */ _entry_js__WEBPACK_IMPORTED_MODULE_0__.DQ),
/* harmony export */   GN: () => (/* binding */ carriesMarker),
/* harmony export */   ZN: () => (/* binding */ tagObjectText),
/* harmony export */   r: () => (/* binding */ bodyWithMarker),
/* harmony export */   vU: () => (/* binding */ markersIn)
/* harmony export */ });
/* unused harmony exports operationLine, marker */
/* harmony import */ var _entry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5263);
/**
 * The bytes an operation puts into the world, derived only from recorded values so that every
 * writer of the same operation produces the same bytes: the annotated tag object (so an
 * ambiguous push is settled by object id) and the marker of a body sent to GitHub (so a lookup
 * can attribute a release, a pull request, a comment or an issue to the operation).
 */


/** The raw text `git hash-object -t tag` takes. */
function tagObjectText(spec) {
    const name = spec.intent.tag_ref.slice('refs/tags/'.length);
    const message = spec.message.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
    const body = `${message ? `${message}\n\n` : ''}${operationLine(spec.operation_id, spec.intent_digest)}\n`;
    return (`object ${spec.intent.target}\ntype commit\ntag ${name}\n` +
        `tagger ${_entry_js__WEBPACK_IMPORTED_MODULE_0__/* .IDENTITY */ .zK} ${spec.time} +0000\n\n${body}`);
}
function operationLine(operationId, intentDigest) {
    return `dispatch-ledger operation: ${operationId} intent: ${intentDigest}`;
}
/** docs/design/effects.md: the marker a body the action sends carries (a release, a comment…). */
function marker(operationId, intentDigest) {
    return `<!-- ${operationLine(operationId, intentDigest)} -->`;
}
/** The body sent to GitHub: the workflow's body, then the marker on its own line. */
function bodyWithMarker(body, operationId, digest) {
    const line = marker(operationId, digest);
    return body ? `${body}\n\n${line}` : line;
}
/**
 * Whether a body carries the operation's own marker (GitHub may hand a body back with CRLF line
 * ends; the marker is one line either way).
 */
function carriesMarker(body, operationId, intentDigest) {
    return markersIn(body).some(m => m.id === operationId && m.digest === intentDigest);
}
/** Every operation a body names by marker (normally one). */
function markersIn(body) {
    const found = [];
    const pattern = /<!-- dispatch-ledger operation: (\S+) intent: (sha256:[0-9a-f]{64}) -->/g;
    for (const match of (body ?? '').matchAll(pattern))
        found.push({ id: match[1], digest: match[2] });
    return found;
}


/***/ }),

/***/ 6229:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V9: () => (/* binding */ decideResolve),
/* harmony export */   VD: () => (/* binding */ afterLookup),
/* harmony export */   cW: () => (/* binding */ afterReadBack),
/* harmony export */   cp: () => (/* binding */ readBackObservation),
/* harmony export */   ju: () => (/* binding */ afterSend),
/* harmony export */   pf: () => (/* binding */ planEffect),
/* harmony export */   tu: () => (/* binding */ answerIdName),
/* harmony export */   x6: () => (/* binding */ awaitsOtherSender)
/* harmony export */ });
/* unused harmony export PLAN_BY_STATE */
/* harmony import */ var _send_protocol_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6720);
/* harmony import */ var _operation_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6084);


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
    switch ((0,_send_protocol_js__WEBPACK_IMPORTED_MODULE_1__/* .afterSend */ .ju)(outcome, ctx, ctx.sends === 1)) {
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
    const left = (0,_send_protocol_js__WEBPACK_IMPORTED_MODULE_1__/* .sendsLeft */ .nR)(ctx.sendsThisStep);
    switch ((0,_send_protocol_js__WEBPACK_IMPORTED_MODULE_1__/* .afterLookup */ .VD)(lookup, { fenced: ctx.fenced, sendsLeft: left })) {
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
    return `read back ${_operation_js__WEBPACK_IMPORTED_MODULE_0__/* .KIND_NOUN */ .iw[kind]} ${id}: ${READ_BACK_SAYS[found]}`;
}
const READ_BACK_SAYS = {
    match: 'it carries our marker and every field asked for',
    mismatch: 'it differs from the intent (edited or not ours)',
    none: 'it can no longer be found',
    unavailable: 'it could not be read'
};
/** After a 201, what reading the created release, pull request, comment or issue back found. */
function afterReadBack(kind, found) {
    const noun = _operation_js__WEBPACK_IMPORTED_MODULE_0__/* .KIND_NOUN */ .iw[kind];
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


/***/ }),

/***/ 6084:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gv: () => (/* binding */ isWriteIntent),
/* harmony export */   Hj: () => (/* binding */ tagOperationId),
/* harmony export */   K8: () => (/* binding */ EFFECT_KINDS),
/* harmony export */   MS: () => (/* binding */ FINAL_STATES),
/* harmony export */   Rp: () => (/* binding */ operationRef),
/* harmony export */   cm: () => (/* binding */ defaultOperationId),
/* harmony export */   g1: () => (/* binding */ OperationIdSchema),
/* harmony export */   gP: () => (/* binding */ OperationRecordSchema),
/* harmony export */   iw: () => (/* binding */ KIND_NOUN),
/* harmony export */   kV: () => (/* binding */ OPERATION_SCHEMA),
/* harmony export */   oA: () => (/* binding */ textDigest),
/* harmony export */   t9: () => (/* binding */ intentDigest),
/* harmony export */   yY: () => (/* binding */ IntentSchema),
/* harmony export */   zd: () => (/* binding */ intentSubject)
/* harmony export */ });
/* unused harmony exports OPERATION_STATES, OperationStateSchema, EffectKindSchema, WRITE_KINDS, OidSchema, ReleaseIntentSchema, TagIntentSchema, BranchIntentSchema, PullRequestIntentSchema, CommentIntentSchema, IssueIntentSchema, EffectResultSchema, ResolutionSchema */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1183);
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1649);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4130);
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
const OperationStateSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(OPERATION_STATES);
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
const EffectKindSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(EFFECT_KINDS);
const WRITE_KINDS = ['pull-request', 'comment', 'issue'];
/** A full object id (SHA-1 or SHA-256 repositories). */
const OidSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^([0-9a-f]{40}|[0-9a-f]{64})$/, 'must be a full lowercase object id'));
/**
 * Operation ids end up inside an HTML comment in a release body and in a one-line operator
 * command, so they may not hold whitespace, control characters or angle brackets.
 */
const OperationIdSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1, 'must not be empty'), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(1024, 'must be at most 1024 characters'), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^[^\s<>\p{Cc}\u2028\u2029]+$/u, 'must not contain whitespace, control characters, < or >'));
const ReleaseIntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    name: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(1024)),
    /** sha256 of the release body as given (without the marker the action adds). */
    body_digest: _record_js__WEBPACK_IMPORTED_MODULE_2__/* .DigestSchema */ .eH,
    draft: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY(),
    prerelease: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY()
});
const RepositoryIdSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(256));
/** A title as GitHub takes it: one line of text. */
const TitleSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(1024), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^[^\p{Cc}]+$/u, 'must be one line of text'));
/** A branch name as the API takes it (`head` may be `owner:branch`). */
const BranchNameSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(255), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^[^\s\p{Cc}]+$/u, 'must be a branch name'));
/** A tag or a release: the intent's shape since the first effect kinds. */
const TagIntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    repository_id: RepositoryIdSchema,
    kind: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['tag', 'release']),
    tag_ref: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
        .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^refs\/tags\/[^\s\p{Cc}]+$/u, 'must be a full tag ref refs/tags/<name>')),
    target: OidSchema,
    /**
     * sha256 of the tag message. Not in docs/design/effects.md's list, but the tag object's bytes depend on
     * it: a re-run with another message must be refused as another intent, not end in a
     * conflict with its own earlier tag.
     */
    message_digest: _record_js__WEBPACK_IMPORTED_MODULE_2__/* .DigestSchema */ .eH,
    release: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(ReleaseIntentSchema)
})
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .refine */ .YPB(intent => (intent.kind === 'release') === (intent.release !== null), 'release must be given exactly when kind is release'));
/** `refs/heads/<name>` created at a commit. */
const BranchIntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    repository_id: RepositoryIdSchema,
    kind: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz('branch'),
    branch_ref: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
        .check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^refs\/heads\/[^\s\p{Cc}]+$/u, 'must be a full branch ref refs/heads/<name>')),
    target: OidSchema
});
/**
 * Every field of a create request goes into the intent (a body by its digest, as given,
 * without the marker), so the same operation id can never send another request.
 */
const PullRequestIntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    repository_id: RepositoryIdSchema,
    kind: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz('pull-request'),
    head: BranchNameSchema,
    base: BranchNameSchema,
    title: TitleSchema,
    body_digest: _record_js__WEBPACK_IMPORTED_MODULE_2__/* .DigestSchema */ .eH,
    draft: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY()
});
const CommentIntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    repository_id: RepositoryIdSchema,
    kind: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz('comment'),
    issue_number: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1)),
    body_digest: _record_js__WEBPACK_IMPORTED_MODULE_2__/* .DigestSchema */ .eH
});
const IssueIntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    repository_id: RepositoryIdSchema,
    kind: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz('issue'),
    title: TitleSchema,
    body_digest: _record_js__WEBPACK_IMPORTED_MODULE_2__/* .DigestSchema */ .eH,
    /** Sorted and without repeats: GitHub keeps an issue's labels as a set. */
    labels: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(100))).check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(100))
});
/** The complete intended effect; its digest is what an operation id is bound to. */
const IntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .union */ .KCZ([
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
const KIND_NOUN = {
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
const EffectResultSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    tag_object: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(OidSchema),
    release_id: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^[0-9]{1,20}$/, 'must be a numeric id'))),
    release_url: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(2048))),
    // Absent in the records of tags and releases (the fields came with the later kinds).
    /** A pull request's, comment's or issue's numeric id; a branch's commit. */
    id: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^([0-9]{1,20}|[0-9a-f]{40}|[0-9a-f]{64})$/)))),
    /** A pull request's or issue's number. */
    number: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1)))),
    /** Its page on GitHub. */
    url: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(2048))))
});
const ResolutionSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    answer: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['committed', 'not_committed']),
    by: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(256))
});
/** One record of an operation's chain. Closed at every level. */
const OperationRecordSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    schema: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(OPERATION_SCHEMA),
    operation_id: OperationIdSchema,
    sequence: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1)),
    previous_digest: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(_record_js__WEBPACK_IMPORTED_MODULE_2__/* .DigestSchema */ .eH),
    state: OperationStateSchema,
    occurred_at: _record_js__WEBPACK_IMPORTED_MODULE_2__/* .TimestampSchema */ .wX,
    intent: IntentSchema,
    intent_digest: _record_js__WEBPACK_IMPORTED_MODULE_2__/* .DigestSchema */ .eH,
    /** Which send this record is about (1, 2, …), or null when nothing has been sent. */
    send: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._gte */ .qm(1))),
    result: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(EffectResultSchema),
    /** What was seen that led to this record, in words (a status, what a lookup found). */
    observation: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(4096))),
    /** An operator's accountable answer; the only way out of `unknown`. */
    resolution: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(ResolutionSchema),
    writer: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(_record_js__WEBPACK_IMPORTED_MODULE_2__/* .WriterSchema */ .Xf)
});
function intentDigest(intent) {
    return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .digestOf */ .ol)(intent);
}
/** sha256 of a text as given (a release body, a tag message). */
function textDigest(body) {
    return `sha256:${(0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)(body)}`;
}
function operationRef(namespace, operationId) {
    return `${namespace}/operations/${(0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)(operationId)}`;
}
/** docs/design/effects.md default: `<run id>/<kind>/<what it names>` (a tag, a branch…). */
function defaultOperationId(runId, kind, names) {
    return `${runId}/${kind}/${names}`;
}
/** The operation that creates a release's tag when it does not exist yet. */
function tagOperationId(releaseOperationId) {
    return `${releaseOperationId}/tag`;
}


/***/ }),

/***/ 6269:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ul: () => (/* binding */ releaseIds),
/* harmony export */   W4: () => (/* binding */ classifyReleaseCreate),
/* harmony export */   WM: () => (/* binding */ classifyEffectLookup),
/* harmony export */   fR: () => (/* binding */ classifyTagPush),
/* harmony export */   hj: () => (/* binding */ classifyCreateFailure)
/* harmony export */ });
function classifyTagPush(pushed, tagObject) {
    switch (pushed.kind) {
        case 'created':
            return { kind: 'submitted', external_ids: { tag_object: tagObject } };
        case 'rejected':
            // Not sent: the lease travels with the push, so a refused one made nothing.
            return {
                kind: 'preempted',
                reason: 'the push made nothing (the ref exists or the record moved): fetch both to see whose it is'
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
    return created.kind === 'created'
        ? { kind: 'submitted', external_ids: releaseIds(created.release) }
        : classifyCreateFailure(created, 'release for this tag');
}
/**
 * The one reading of a create that did not answer 201, for every kind made through the API:
 * only GitHub's fence or an answer it gave is definite; anything else may have created it.
 */
function classifyCreateFailure(failed, what) {
    switch (failed.kind) {
        case 'already_exists':
            return {
                kind: 'ambiguous',
                reason: `GitHub refused a second ${what}: look up whose it is (${failed.detail})`
            };
        case 'refused':
            return {
                kind: 'refused',
                failure: { code: `http_${failed.status}`, classification: 'provider', retryable: false },
                message: `refused ${failed.status}: ${failed.detail}`
            };
        case 'ambiguous':
            return {
                kind: 'ambiguous',
                reason: `the outcome of the create is not known: look it up (${failed.detail})`
            };
    }
}
/** The ids a release is recorded by. */
function releaseIds(release) {
    return { release_id: String(release.id), release_url: release.html_url };
}
/**
 * A complete lookup that found nothing proves absence only where the provider is fenced (a
 * create-only push, a published release, a pull request): a draft, a comment or an issue has
 * no fence, and a create that answered late may still commit, so for them nothing found is
 * `unknown`.
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


/***/ }),

/***/ 6720:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   VD: () => (/* binding */ afterLookup),
/* harmony export */   ju: () => (/* binding */ afterSend),
/* harmony export */   nR: () => (/* binding */ sendsLeft)
/* harmony export */ });
/* unused harmony exports MAX_SENDS_PER_STEP, MAX_SENDS_PER_ATTEMPT */
/** A step sends at most twice: the send and one fenced re-send (or the next attempt). */
const MAX_SENDS_PER_STEP = 2;
/** An attempt is sent at most twice in all: the send and one fenced re-send. */
const MAX_SENDS_PER_ATTEMPT = 2;
/**
 * How many more sends are allowed: what this step has left, and, when the sends of the attempt
 * are counted (a run's attempt; an effect has none), what the attempt has left.
 */
function sendsLeft(sentThisStep, sentThisAttempt) {
    const step = MAX_SENDS_PER_STEP - sentThisStep;
    if (sentThisAttempt === undefined)
        return step;
    return Math.min(step, MAX_SENDS_PER_ATTEMPT - sentThisAttempt);
}
/**
 * After a send. `refusalIsFinal`: a definite refusal proves nothing exists (false when an
 * earlier send of the same work may have landed, so only a lookup can tell).
 */
function afterSend(outcome, provider, refusalIsFinal) {
    switch (outcome.kind) {
        case 'submitted':
            return provider.commitsWithRecord ? 'committed' : 'record';
        case 'refused':
            if (provider.commitsWithRecord)
                return 'stop';
            return refusalIsFinal ? 'fail' : 'lookup';
        case 'ambiguous':
        case 'preempted':
            return 'lookup';
    }
}
/**
 * Only a fenced provider is ever re-sent an unresolved attempt; only a provably empty
 * provider ends an attempt; `sendsLeft` (see sendsLeft()) keeps the budget.
 */
function afterLookup(lookup, options) {
    switch (lookup.kind) {
        case 'found':
            return 'adopt';
        case 'absent':
            return options.sendsLeft > 0 ? 'fail_and_retry' : 'fail_only';
        case 'unknown':
            return options.fenced && options.sendsLeft > 0 ? 'resend' : 'unresolved';
        case 'conflict':
            return 'conflict';
        case 'unavailable':
            return 'stop';
    }
}


/***/ }),

/***/ 3625:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gt: () => (/* binding */ writeIds),
/* harmony export */   VY: () => (/* binding */ WriteProvider),
/* harmony export */   rn: () => (/* binding */ CLOCK_SKEW_MS)
/* harmony export */ });
/* harmony import */ var _core_effect_decide_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6229);
/* harmony import */ var _core_effect_artifacts_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5742);
/* harmony import */ var _core_send_effectOutcome_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6269);
/**
 * A pull request, a comment or an issue made through GitHub's API, a provider of the one send
 * protocol (docs/design/effects.md#agent-writes). Every body it sends carries the operation's
 * marker, which is how a lookup knows what is ours. Only a pull request is fenced: GitHub
 * refuses a second open pull request for one head and base. A comment or an issue has no
 * fence, so a lookup that finds nothing proves nothing: a create whose answer was lost may
 * still commit after the lookup, and sending again could make two.
 */



/**
 * How far before the intent's time a lookup lists from. `since` is GitHub's clock, the intent's
 * time the runner's: an hour covers any skew a runner keeps, and costs only a longer listing.
 */
const CLOCK_SKEW_MS = 60 * 60 * 1000;
/** The ids a pull request, comment or issue is recorded by. */
function writeIds(view) {
    return {
        id: String(view.id),
        ...(view.number !== null ? { number: String(view.number) } : {}),
        url: view.html_url
    };
}
class WriteProvider {
    options;
    name;
    fenced;
    commitsWithRecord = false;
    /** What this step's create answered, so a read-back needs no second request. */
    created = null;
    constructor(options) {
        this.options = options;
        this.name = options.intent.kind;
        this.fenced = options.intent.kind === 'pull-request';
    }
    /** POST once; `may_have_been_sent` must be durable before. */
    async send() {
        const answer = await this.create();
        if (answer.kind !== 'created')
            return (0,_core_send_effectOutcome_js__WEBPACK_IMPORTED_MODULE_2__/* .classifyCreateFailure */ .hj)(answer, this.what());
        this.created = answer.view;
        return { kind: 'submitted', external_ids: writeIds(answer.view) };
    }
    /**
     * Every candidate, by marker: exactly one of ours → found; several → conflict; none → for a
     * pull request, another's *open* one is a conflict (GitHub fences only open ones) and
     * nothing is absent; for a comment or an issue nothing found is unknown.
     */
    async lookup() {
        const listed = await this.list();
        if (!listed.ok)
            return (0,_core_send_effectOutcome_js__WEBPACK_IMPORTED_MODULE_2__/* .classifyEffectLookup */ .WM)('unavailable', this.fenced, seen(listed.detail));
        const marked = listed.value.filter(view => this.carriesOurMarker(view));
        const blocking = listed.value.filter(view => view.open && !this.carriesOurMarker(view));
        const found = marked.length === 1
            ? 'ours'
            : marked.length > 1
                ? 'several'
                : this.fenced && blocking.length > 0
                    ? 'other'
                    : 'none';
        const mine = found === 'ours' ? marked[0] : null;
        return (0,_core_send_effectOutcome_js__WEBPACK_IMPORTED_MODULE_2__/* .classifyEffectLookup */ .WM)(found, this.fenced, {
            external_ids: mine ? writeIds(mine) : {},
            reason: `listed ${listed.value.length} ${this.plural()}; ${marked.length} carry our marker` +
                (found === 'other' ? `; ${blocking[0]?.html_url} is open and not ours` : '')
        });
    }
    /** After a 201: the write must carry our marker and every field we asked for. */
    async readBack(result) {
        const id = Number(result?.id);
        let view = this.created?.id === id ? this.created : null;
        if (view === null) {
            const listed = await this.list();
            if (!listed.ok)
                return { found: 'unavailable', ids: null, observation: listed.detail };
            view = listed.value.find(candidate => candidate.id === id) ?? null;
        }
        const found = view === null ? 'none' : this.matchesIntent(view) ? 'match' : 'mismatch';
        return {
            found,
            ids: view ? writeIds(view) : null,
            observation: (0,_core_effect_decide_js__WEBPACK_IMPORTED_MODULE_0__/* .readBackObservation */ .cp)(this.name, id, found)
        };
    }
    create() {
        const { api, intent, body } = this.options;
        switch (intent.kind) {
            case 'pull-request':
                return api.createPull({
                    head: intent.head,
                    base: intent.base,
                    title: intent.title,
                    body,
                    draft: intent.draft
                });
            case 'comment':
                return api.createComment(intent.issue_number, body);
            case 'issue':
                return api.createIssue({ title: intent.title, body, labels: intent.labels });
        }
    }
    list() {
        const { api, intent } = this.options;
        const since = new Date(Date.parse(this.options.preparedAt()) - CLOCK_SKEW_MS)
            .toISOString()
            .replace(/\.\d{3}Z$/, 'Z');
        switch (intent.kind) {
            case 'pull-request':
                return api.listPulls(intent.head, intent.base);
            case 'comment':
                return api.listComments(intent.issue_number, since);
            case 'issue':
                return api.listIssues(since);
        }
    }
    carriesOurMarker(view) {
        return (0,_core_effect_artifacts_js__WEBPACK_IMPORTED_MODULE_1__/* .carriesMarker */ .GN)(view.body, this.options.operationId, this.options.intentDigest);
    }
    matchesIntent(view) {
        const { intent, api } = this.options;
        const body = (view.body ?? '').replace(/\r\n/g, '\n') === this.options.body.replace(/\r\n/g, '\n');
        if (!this.carriesOurMarker(view) || !body)
            return false;
        switch (intent.kind) {
            case 'pull-request': {
                const head = intent.head.includes(':') ? intent.head : `${api.owner}:${intent.head}`;
                return (view.title === intent.title &&
                    view.head?.toLowerCase() === head.toLowerCase() &&
                    view.base === intent.base &&
                    view.draft === intent.draft);
            }
            case 'comment':
                return true;
            case 'issue':
                return (view.title === intent.title &&
                    JSON.stringify([...(view.labels ?? [])].sort()) === JSON.stringify(intent.labels));
        }
    }
    what() {
        return this.name === 'pull-request' ? 'open pull request for this head and base' : this.name;
    }
    plural() {
        return this.name === 'pull-request'
            ? `pull requests from ${this.options.intent.kind === 'pull-request' ? this.options.intent.head : ''}`
            : this.name === 'comment'
                ? 'comments since the intent'
                : 'issues since the intent';
    }
}
function seen(reason) {
    return { external_ids: {}, reason };
}


/***/ })

};
