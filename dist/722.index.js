export const id = 722;
export const ids = [722];
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
function kindRule(from, record) {
    const kind = record.intent.kind;
    if (from === 'prepared' && record.state === 'terminal_committed' && kind !== 'tag')
        return 'only a tag is committed straight from prepared (by its atomic push)';
    if (from === 'prepared' && record.state === 'may_have_been_sent' && kind !== 'release')
        return 'a tag is never sent apart from its journal record';
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
    if (record.intent.kind === 'tag' && !record.result?.tag_object)
        return 'a committed tag names no tag object';
    if (record.intent.kind === 'release' && !record.result?.release_id)
        return 'a committed release names no release id';
    return null;
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
                prepared_at: prepared.occurred_at
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

/***/ 6229:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ep: () => (/* binding */ AFTER_READ_BACK),
/* harmony export */   V9: () => (/* binding */ decideResolve),
/* harmony export */   VD: () => (/* binding */ afterLookup),
/* harmony export */   ju: () => (/* binding */ afterSend),
/* harmony export */   pf: () => (/* binding */ planEffect)
/* harmony export */ });
/* unused harmony export PLAN_BY_STATE */
/* harmony import */ var _send_protocol_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6720);

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
    conflict: d('conflict', null, 'another actor holds this tag or release: nothing is sent'),
    unknown: d('refuse_unknown', null, 'the outcome is unknown and only an operator can settle it (/ledger resolve-effect)')
};
/**
 * After a send answered (or did not), by the one protocol. A release's definite refusal ends
 * the operation only when it was the only send: an earlier one may have made the release.
 */
function afterSend(ctx, outcome) {
    switch ((0,_send_protocol_js__WEBPACK_IMPORTED_MODULE_0__/* .afterSend */ .ju)(outcome, ctx, ctx.sends === 1)) {
        case 'committed':
            return d('committed', null, 'the atomic push created the tag and recorded it committed');
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
    const left = (0,_send_protocol_js__WEBPACK_IMPORTED_MODULE_0__/* .sendsLeft */ .nR)(ctx.sendsThisStep);
    switch ((0,_send_protocol_js__WEBPACK_IMPORTED_MODULE_0__/* .afterLookup */ .VD)(lookup, { fenced: ctx.fenced, sendsLeft: left })) {
        case 'adopt':
            return d('committed', 'terminal_committed', `the lookup found our effect: ${reason}`);
        case 'conflict':
            return d('conflict', 'conflict', `another actor holds this tag or release: ${reason}`);
        case 'fail_and_retry':
        case 'resend':
            return d('send', null, `nothing found, and the provider is fenced: send again (${reason})`);
        case 'fail_only':
            return d('stop', null, 'nothing found and this step already sent twice; a later step goes on');
        case 'unresolved':
            // An unfenced provider (a draft): absence proves nothing, only an operator can settle it.
            return ctx.fenced
                ? d('stop', null, `not settled by this step; a later step looks again (${reason})`)
                : d('unknown', 'unknown', `${reason}, yet the create may still commit (drafts have no fence)`);
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
            return outcome.reason;
    }
}
const AFTER_READ_BACK = {
    match: d('committed', 'terminal_committed', 'the release carries our marker and fields'),
    mismatch: d('conflict', 'conflict', 'the release differs from the intent (edited or not ours)'),
    // Created (201) and now gone: something deleted it. Not provably terminal either way.
    none: d('unknown', 'unknown', 'the created release can no longer be found'),
    unavailable: d('stop', null, 'the release could not be read back; the next step tries again')
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
    const same = settled.answer === answer && (answer === 'not_committed' || op.result?.release_id === releaseId);
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
/* harmony export */   Hj: () => (/* binding */ tagOperationId),
/* harmony export */   MS: () => (/* binding */ FINAL_STATES),
/* harmony export */   Rp: () => (/* binding */ operationRef),
/* harmony export */   cm: () => (/* binding */ defaultOperationId),
/* harmony export */   g1: () => (/* binding */ OperationIdSchema),
/* harmony export */   gP: () => (/* binding */ OperationRecordSchema),
/* harmony export */   kV: () => (/* binding */ OPERATION_SCHEMA),
/* harmony export */   oA: () => (/* binding */ textDigest),
/* harmony export */   t9: () => (/* binding */ intentDigest),
/* harmony export */   yY: () => (/* binding */ IntentSchema)
/* harmony export */ });
/* unused harmony exports OPERATION_STATES, OperationStateSchema, EFFECT_KINDS, EffectKindSchema, OidSchema, ReleaseIntentSchema, EffectResultSchema, ResolutionSchema */
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
const EFFECT_KINDS = ['tag', 'release'];
const EffectKindSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(EFFECT_KINDS);
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
/** The complete intended effect; its digest is what an operation id is bound to. */
const IntentSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    repository_id: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._minLength */ .m9(1), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(256)),
    kind: EffectKindSchema,
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
/** What the operation produced; later records repeat what earlier ones found. */
const EffectResultSchema = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .strictObject */ .rej({
    tag_object: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(OidSchema),
    release_id: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._regex */ .Fk(/^[0-9]{1,20}$/, 'must be a numeric id'))),
    release_url: zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_4__/* ._maxLength */ .Eb(2048)))
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
/** docs/design/effects.md default: `<run id>/<kind>/<tag>`. */
function defaultOperationId(runId, kind, tag) {
    return `${runId}/${kind}/${tag}`;
}
/** The operation that creates a release's tag when it does not exist yet. */
function tagOperationId(releaseOperationId) {
    return `${releaseOperationId}/tag`;
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


/***/ })

};
