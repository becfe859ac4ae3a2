export const id = 125;
export const ids = [125];
export const modules = {

/***/ 1125:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HW: () => (/* binding */ listerOf),
/* harmony export */   JY: () => (/* binding */ readGenerationAdmissions),
/* harmony export */   UN: () => (/* binding */ listGenerations),
/* harmony export */   a: () => (/* binding */ admissionOfRun),
/* harmony export */   iB: () => (/* binding */ assessGenerations)
/* harmony export */ });
/* unused harmony exports readGenerations, newestGeneration, checkAdmittedChain, checkAdmittedKey */
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_generation_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1057);
/* harmony import */ var _core_entry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5263);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9301);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3906);
/* harmony import */ var _storedNames_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7931);






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
    const admission_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .admissionRef */ .Rp)(options.namespace, options.dispatch_key);
    const listed = await store.listRefs(admission_ref, { refresh: options.refresh ?? false });
    return {
        admission_ref,
        refs: (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .orderGenerations */ .SJ)(admission_ref, listed.map(entry => entry.ref))
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
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(ref, 'it was listed but cannot be read');
        generations.push(checkedGeneration(ref, generations.length + 1, stored, expected));
    }
    (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .verifyGenerations */ .hZ)(generations);
    return { admission_ref: listing.admission_ref, generations };
}
/** A generation's admission as read from ref: it names this key and the ledger of its run. */
function checkedGeneration(ref, generation, stored, expected) {
    const admission = stored.value;
    if (admission.dispatch_key !== expected.dispatch_key)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(ref, 'it holds a different dispatch key than its ref names');
    const ledger = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerRef */ .DH)(expected.namespace, admission.run_id);
    if (admission.ledger_ref !== ledger)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(ref, `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
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
async function admissionOfRun(store, reader, run, listed) {
    const expected = { namespace: run.namespace, dispatch_key: run.dispatch_key };
    const admission_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .admissionRef */ .Rp)(run.namespace, run.dispatch_key);
    const first = await reader.readAdmission(admission_ref);
    if (first?.value.run_id === run.run_id) {
        const entry = checkedGeneration(admission_ref, 1, first, expected);
        (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .verifyGenerations */ .hZ)([entry]);
        return entry;
    }
    const all = typeof listed === 'function' ? await listed() : listed;
    const listing = all
        ? {
            admission_ref,
            refs: (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .orderGenerations */ .SJ)(admission_ref, all.filter(ref => ref.startsWith(admission_ref)))
        }
        : await listGenerations(store, expected);
    const { generations } = await readGenerationAdmissions(reader, listing, expected);
    const own = generations.find(g => g.admission.run_id === run.run_id);
    if (own)
        return own;
    const ledger_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerRef */ .DH)(run.namespace, run.run_id);
    const holders = generations.map(g => `${JSON.stringify(g.admission.run_id)} (generation ${g.generation}) at ${g.ref}`);
    throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .OrphanRun */ .GU(ledger_ref, run.run_id, run.dispatch_key, holders.length === 0
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
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(entry.admission.ledger_ref, `it holds records of another run than ${entry.admission.run_id}, which ${entry.ref} admitted`);
    const state = (0,_runView_js__WEBPACK_IMPORTED_MODULE_4__/* .verifiedState */ .SP)(chain);
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
    const runIdFor = (generation) => (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .runIdForGeneration */ .CK)(query.run_id, generation, query.generation_run_ids);
    const listing = await listGenerations(store, query);
    const admission_ref = listing.admission_ref;
    const found = await store.read(async (reader) => {
        const { generations } = await readGenerationAdmissions(reader, listing, query);
        const own = generations.find(g => g.admission.run_id === runIdFor(g.generation)) ?? null;
        const newest = generations[generations.length - 1] ?? null;
        const early = !own && newest
            ? (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .decideWithoutLedger */ .ih)({
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
            chain = await reader.readChain(read.admission.ledger_ref, { decode: _core_entry_js__WEBPACK_IMPORTED_MODULE_2__/* .decodeRecord */ .eT }, { refresh: true });
        if (read)
            checkAdmittedChain(query, read, chain, { own: read === own });
        return { own, newest, chain, early };
    });
    if (found.own)
        return { kind: 'replay', admission_ref, entry: found.own, chain: found.chain };
    if (!found.newest)
        return { kind: 'absent', admission_ref };
    const decision = found.early ??
        (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .decideGeneration */ .DM)({
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
        (0,_runView_js__WEBPACK_IMPORTED_MODULE_4__/* .verifiedState */ .SP)(chain);
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
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(entry.ref, `it admits run ${JSON.stringify(run_id)}, but the ledger it names (${ledger_ref}) does not exist`);
    }
    (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_5__/* .checkChainNames */ .o)(query.namespace, ledger_ref, chain);
    const key = chain[0]?.value.idempotency.dispatch_key;
    if (key !== query.dispatch_key)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(entry.ref, `the ledger it names (${ledger_ref}) is a run of another dispatch key ` +
            `(${JSON.stringify(key)}), so it admits no run of this one`);
    return true;
}


/***/ }),

/***/ 3906:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BS: () => (/* binding */ viewChain),
/* harmony export */   SP: () => (/* binding */ verifiedState),
/* harmony export */   bz: () => (/* binding */ viewRun)
/* harmony export */ });
/* harmony import */ var _core_planRecovery_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5183);
/* harmony import */ var _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4461);


/** Reconstructs a chain (verifying it, so a broken one throws) and plans its next action. */
function viewChain(chain) {
    const state = verifiedState(chain);
    return { state, plan: (0,_core_planRecovery_js__WEBPACK_IMPORTED_MODULE_0__/* .planRecovery */ .lA)(state) };
}
/** viewChain, or null when there is no ledger. */
function viewRun(chain) {
    return chain && chain.length > 0 ? viewChain(chain) : null;
}
/** Reconstructs a stored chain (verifying it), reusing the canonical texts the reader checked. */
function verifiedState(chain) {
    const texts = chain.map(entry => entry.json);
    return (0,_core_reconstruct_js__WEBPACK_IMPORTED_MODULE_1__/* .reconstruct */ .fp)(chain.map(entry => entry.value), {
        headOid: chain[chain.length - 1]?.oid,
        canonical: texts.every(text => text !== undefined) ? texts : undefined
    });
}


/***/ }),

/***/ 7931:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ checkAdmissionNames),
/* harmony export */   o: () => (/* binding */ checkChainNames)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9301);


/** The admission at admission_ref must admit the key that names it, for a run in namespace. */
function checkAdmissionNames(namespace, admission_ref, admission) {
    if ((0,_core_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .admissionRef */ .Rp)(namespace, admission.dispatch_key) !== admission_ref)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(admission_ref, 'it holds a different dispatch key than its ref names');
    const expected = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .ledgerRef */ .DH)(namespace, admission.run_id);
    if (admission.ledger_ref !== expected)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(admission_ref, `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
            `${JSON.stringify(admission.run_id)} (${expected})`);
    return admission;
}
/**
 * The chain at ledger_ref must be the ledger of the run whose id names it. Record 1 is
 * checked here; that every later record carries the same run id is part of verifying the chain
 * (reconstruct), which names the first sequence that differs.
 */
function checkChainNames(namespace, ledger_ref, chain) {
    const first = chain[0];
    if (first === undefined || (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .ledgerRef */ .DH)(namespace, first.value.run_id) === ledger_ref)
        return;
    throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(ledger_ref, `record 1 belongs to run ${JSON.stringify(first.value.run_id)}, whose ledger is not this ` +
        'ref (a copied chain?)', chain.length > 1 ? first.oid : undefined);
}


/***/ }),

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

/***/ 3449:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ nextAttempt)
/* harmony export */ });
/**
 * The attempt a record in `next` appended after `head` is about, or null when the state machine
 * puts no constraint on it (or the transition is illegal):
 * - the first `dispatched` after `admitted` starts attempt 1 (`initial`);
 * - a `dispatched` after `dispatched` is a submission update of the same attempt;
 * - a `dispatched` after `attempt_failed` starts the next attempt (`retry`);
 * - an `attempt_failed` fails the attempt the head is about (after `dispatched`, or an
 *   operator's answer after `attempt_failed`).
 */
function nextAttempt(head, next) {
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

/***/ 5183:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lA: () => (/* binding */ planRecovery)
/* harmony export */ });
/* unused harmony exports RECOVERY_ACTIONS, RecoveryActionSchema, AUTHORITY_GATES, AuthorityGateSchema, RecoveryPlanSchema */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1183);
/* harmony import */ var _states_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8001);
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
const RecoveryActionSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(RECOVERY_ACTIONS);
const AUTHORITY_GATES = ['dispatch', 'verification', 'human_decision'];
const AuthorityGateSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(AUTHORITY_GATES);
const RecoveryPlanSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .strictObject */ .rej({
    action: RecoveryActionSchema,
    reason: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._minLength */ .m9(1)),
    blind_resubmission_forbidden: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY(),
    authority_required: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .nullable */ .mee(AuthorityGateSchema)
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
    if (!(state.terminal || (0,_states_js__WEBPACK_IMPORTED_MODULE_1__/* .isTerminal */ .Hd)(state.state)))
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


/***/ }),

/***/ 4461:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fp: () => (/* binding */ reconstruct),
/* harmony export */   io: () => (/* binding */ RUN_CHAIN),
/* harmony export */   jY: () => (/* binding */ dispatchAttemptFor),
/* harmony export */   sf: () => (/* binding */ headAttempt)
/* harmony export */ });
/* harmony import */ var _attempts_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3449);
/* harmony import */ var _chain_definition_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3532);
/* harmony import */ var _entry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5263);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4130);
/* harmony import */ var _states_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8001);
/* harmony import */ var _transition_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7596);
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
    const parsed = _record_js__WEBPACK_IMPORTED_MODULE_2__/* .RecordSchema */ .X2.safeParse(record);
    if (!parsed.success) {
        const authority = record?.authority;
        const granted = authority && typeof authority === 'object'
            ? Object.keys(authority).filter(flag => authority[flag] !== false)
            : [];
        return granted.length > 0
            ? `record ${position} sets authority.${granted.join(', authority.')} to something other than false (a record is evidence, never a grant)`
            : `record ${position} is not a valid record: ${firstIssue(parsed.error)}`;
    }
    return (0,_transition_js__WEBPACK_IMPORTED_MODULE_4__/* .findAppendProblem */ .xC)(previous, previousDigest, record)?.what ?? null;
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
const RUN_CHAIN = {
    ..._record_js__WEBPACK_IMPORTED_MODULE_2__/* .RUN_ENTRY */ .n9,
    family: 'runs',
    holder: 'the ledger',
    stored: STORED,
    commit: (record, parent) => (0,_entry_js__WEBPACK_IMPORTED_MODULE_1__/* .chainCommit */ .f2)(_record_js__WEBPACK_IMPORTED_MODULE_2__/* .RUN_ENTRY */ .n9, record, parent),
    decode: _entry_js__WEBPACK_IMPORTED_MODULE_1__/* .decodeRecord */ .eT,
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
            terminal: (0,_states_js__WEBPACK_IMPORTED_MODULE_3__/* .isTerminal */ .Hd)(head.state),
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
    return (0,_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .foldChain */ .L4)(RUN_CHAIN, records, options);
}
/**
 * The attempt a `dispatched` record appended now must carry, or null when the run's state does
 * not allow a dispatch: attempt 1 after `admitted`, the same attempt for a submission update
 * after `dispatched`, the next number after `attempt_failed` (the rule lives in attempts.ts).
 */
function dispatchAttemptFor(state) {
    return (0,_attempts_js__WEBPACK_IMPORTED_MODULE_5__/* .nextAttempt */ .n)(headAttempt(state), 'dispatched');
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

/***/ 7596:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ff: () => (/* binding */ checkAppend),
/* harmony export */   xC: () => (/* binding */ findAppendProblem)
/* harmony export */ });
/* unused harmony exports legalSuccessors, requiredAttemptNumber */
/* harmony import */ var _attempts_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3449);
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4130);
/* harmony import */ var _chain_definition_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3532);
/* harmony import */ var _states_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8001);
/**
 * docs/design/states.md: the one definition of what may be appended after what. Pure: no I/O.
 *
 * `checkAppend` is what a writer calls before a compare-and-set append; `reconstruct`
 * folds a stored chain through the same `findAppendProblem`, so an append the writer
 * accepts is exactly a link the reader verifies.
 */






const KNOWN_STATES = new Set(_states_js__WEBPACK_IMPORTED_MODULE_4__/* .STATES */ .xj);
const INITIAL = new Set(_states_js__WEBPACK_IMPORTED_MODULE_4__/* .INITIAL_STATES */ .m1);
/** The states that may legally follow `from` (docs/design/states.md, `cancelled` included). */
function legalSuccessors(from) {
    if ((0,_states_js__WEBPACK_IMPORTED_MODULE_4__/* .isTerminal */ .Hd)(from))
        return [];
    const next = [..._states_js__WEBPACK_IMPORTED_MODULE_4__/* .SUCCESSORS */ .a9[from]];
    if (!next.includes('cancelled'))
        next.push('cancelled');
    return next;
}
/**
 * The attempt number a record in `nextState` appended after `previous` must carry, or null
 * when the state machine puts no constraint on it (the rule lives in attempts.ts).
 */
function requiredAttemptNumber(previous, nextState) {
    return (0,_attempts_js__WEBPACK_IMPORTED_MODULE_5__/* .nextAttempt */ .n)(previous, nextState)?.number ?? null;
}
function describe(record) {
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
    const link = (0,_chain_definition_js__WEBPACK_IMPORTED_MODULE_3__/* .linkProblem */ .kD)(_record_js__WEBPACK_IMPORTED_MODULE_2__/* .RUN_ENTRY */ .n9, previous, previousDigest, next);
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
        ? `${describe(next)} has no authority block`
        : `${describe(next)} sets authority.${granted.join(', authority.')} to something other than false`, 'a record is evidence, never a grant: every authority flag must be false');
}
/** The state machine: a known state, a legal start, a legal successor of a live state. */
function stateMachineProblem({ illegal }, previous, next) {
    if (!KNOWN_STATES.has(next.state)) {
        return illegal(`${JSON.stringify(next.state)} is not a ledger state`, `use one of ${_states_js__WEBPACK_IMPORTED_MODULE_4__/* .STATES */ .xj.join(', ')}`);
    }
    if (previous === null) {
        if (INITIAL.has(next.state))
            return null;
        return illegal(`a ledger must start with admitted or proposed, not ${next.state}`, 'write the admitted (or proposed) record first, through admission');
    }
    if ((0,_states_js__WEBPACK_IMPORTED_MODULE_4__/* .isTerminal */ .Hd)(previous.state)) {
        return illegal(`${describe(previous)} is terminal, so nothing may follow it (not even ${next.state})`, 'the run is over; a new request needs a new dispatch key and a new run');
    }
    if (!(0,_states_js__WEBPACK_IMPORTED_MODULE_4__/* .isLegalTransition */ .nD)(previous.state, next.state)) {
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
        return p.illegal(`${describe(next)} carries no decision`, 'a decided record must carry decision {outcome, by}');
    }
    if (previous !== null &&
        (0,_states_js__WEBPACK_IMPORTED_MODULE_4__/* .isPolicyOnly */ .Zq)(previous.state, next.state) &&
        !next.decision?.by.startsWith(_states_js__WEBPACK_IMPORTED_MODULE_4__/* .POLICY_PREFIX */ .k3)) {
        return p.illegal(`${previous.state} → ${next.state} is taken only by a policy, but ${describe(next)} is decided by ${JSON.stringify(next.decision?.by)}`, `record the observation's policy (decision.by starting with ${_states_js__WEBPACK_IMPORTED_MODULE_4__/* .POLICY_PREFIX */ .k3}), or go on through ${otherSuccessors(previous.state)}`);
    }
    return null;
}
/** The way on from a state other than its policy-only transitions, for a message. */
function otherSuccessors(from) {
    return legalSuccessors(from)
        .filter(to => !(0,_states_js__WEBPACK_IMPORTED_MODULE_4__/* .isPolicyOnly */ .Zq)(from, to))
        .join(' or ');
}
function dispatchedProblem({ illegal }, previous, next) {
    if (next.attempt == null) {
        return illegal(`${describe(next)} carries no attempt`, 'a dispatched record must say which attempt it is about ({number, reason})');
    }
    const required = requiredAttemptNumber(previous, 'dispatched');
    if (required === null) {
        return illegal(`${describe(previous)} carries no attempt number to continue from`, 'repair the previous record; a dispatched or attempt_failed record must carry its attempt');
    }
    if (next.attempt.number !== required) {
        const why = previous?.state === 'dispatched'
            ? `a dispatched record after dispatched is a submission update for the same attempt, ${required}`
            : previous?.state === 'attempt_failed'
                ? `a dispatched record after attempt ${required - 1} failed starts attempt ${required}`
                : 'the first dispatched record after admitted is attempt 1';
        return illegal(`${describe(next)} carries attempt ${next.attempt.number}, but ${why}`, `set attempt.number to ${required}`);
    }
    if (next.provider?.submission_state === 'definite_failure') {
        return illegal(`${describe(next)} records submission_state definite_failure`, 'a definite provider refusal is recorded as attempt_failed with failure.retryable, not as dispatched');
    }
    return null;
}
function attemptFailedProblem({ illegal }, previous, next) {
    const required = requiredAttemptNumber(previous, 'attempt_failed');
    if (next.attempt == null || next.attempt.number !== required) {
        return illegal(next.attempt == null
            ? `${describe(next)} carries no attempt`
            : `${describe(next)} carries attempt ${next.attempt.number}, but the attempt in flight is ${String(required)}`, `an attempt_failed record must carry the number of the attempt it fails (${String(required)})`);
    }
    if (next.failure == null) {
        return illegal(`${describe(next)} carries no failure`, 'say why the attempt failed: failure {code, classification, retryable}');
    }
    // Only a person may reopen or restate a failure already recorded (docs/design/operators.md retry/resolve).
    if (previous?.state === 'attempt_failed' && (next.trigger !== 'operator' || !next.decision)) {
        return illegal(`${describe(next)} follows attempt_failed but is not an operator's decision (trigger ${next.trigger}${next.decision ? '' : ', no decision'})`, 'an attempt_failed after attempt_failed is an operator override: trigger operator with decision {outcome, by}; a coordinator starts the next attempt with dispatched instead');
    }
    if (next.provider?.submission_state === 'ambiguous') {
        return illegal(`${describe(next)} records submission_state ambiguous`, 'an unknown outcome is not a failure: record it as dispatched with submission_state ambiguous and reconcile with the provider by the dispatch key');
    }
    return null;
}
/**
 * Throw unless `next` may be appended after `previous` (null: `next` would be record 1).
 * Chain problems (sequence, previous digest, run id, dispatch key, request digest) throw
 * `BrokenChain`; everything else throws `IllegalTransition`. Nothing is written either way.
 */
function checkAppend(previous, next, previousDigest = previous === null ? null : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .digestOf */ .ol)(previous)) {
    const problem = findAppendProblem(previous, previousDigest, next);
    if (problem === null)
        return;
    if (problem.chain)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BrokenChain */ .rF(problem.sequence, `${problem.what}; ${problem.fix}`);
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .IllegalTransition */ .sK(`Cannot append ledger record ${problem.sequence}: ${problem.what}. Nothing was written; ${problem.fix}.`);
}


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


/***/ })

};
