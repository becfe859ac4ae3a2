export const id = 690;
export const ids = [690];
export const modules = {

/***/ 1658:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ flag)
/* harmony export */ });
function flag(value) {
    return value ? 'true' : 'false';
}


/***/ }),

/***/ 4447:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ defaultRunId),
/* harmony export */   V: () => (/* binding */ resolveDispatch)
/* harmony export */ });
/* harmony import */ var _core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3086);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9301);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2020);
/* harmony import */ var _core_writer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7416);





function resolveDispatch(options) {
    const derived = (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__/* .deriveDispatch */ .Qj)({
        eventName: options.event.name,
        payload: options.event.payload,
        dispatchKey: options.dispatch_key || undefined,
        request: options.request
    });
    const run_id = options.run_id
        ? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_3__/* .checkRunId */ .np)(options.run_id)
        : defaultRunId(derived.dispatch_key, options.writer);
    return {
        ...derived,
        run_id,
        dispatch_key_hash: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .keyHash */ .aE)(derived.dispatch_key),
        admission_ref: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .admissionRef */ .Rp)(options.namespace, derived.dispatch_key),
        ledger_ref: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRef */ .DH)(options.namespace, run_id)
    };
}
/**
 * docs/design/keys.md: gh-<GITHUB_RUN_ID>-<12 hex of sha256(key)>. A re-run keeps GITHUB_RUN_ID, so it
 * replays its own run; another workflow run gets another id and finds the first one's.
 */
function defaultRunId(dispatchKey, writer) {
    if (writer === null)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9('This process is not a workflow run (GITHUB_RUN_ID is not set), so there is no default ' +
            '`run_id`. Run inside a workflow, or give the `run_id`.');
    return `${(0,_core_writer_js__WEBPACK_IMPORTED_MODULE_4__/* .defaultRunIdPrefix */ .se)(writer)}${(0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .keyHash */ .aE)(dispatchKey).slice(0, 12)}`;
}


/***/ }),

/***/ 987:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ac: () => (/* binding */ NotAdmitted),
/* harmony export */   cI: () => (/* binding */ readRun)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_writer_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7416);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9301);
/* harmony import */ var _generations_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1125);
/* harmony import */ var _storedNames_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7931);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3906);





/** The key names no run yet (one-step dispatch admits it itself). */
class NotAdmitted extends _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9 {
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
            ledger_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRef */ .DH)(namespace, selector.run_id);
        else {
            // The key's generations listed through this session's reader when the store lists that
            // way (the same listing, no `cat-file` of its own); else as a listing of the store's.
            const key = { namespace, dispatch_key: selector.dispatch_key };
            const listing = await (0,_generations_js__WEBPACK_IMPORTED_MODULE_3__/* .listGenerations */ .UN)((0,_generations_js__WEBPACK_IMPORTED_MODULE_3__/* .listerOf */ .HW)(store, reader), key);
            const found = await (0,_generations_js__WEBPACK_IMPORTED_MODULE_3__/* .readGenerationAdmissions */ .JY)(reader, listing, {
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
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(selector.by === 'run_id'
                ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
                    'Check the `run_id` and the `namespace`.'
                : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
                    `${admitted?.admission.run_id}, whose ledger ${ledger_ref} is missing. A replay of ` +
                    'admit from that run writes its first record.');
        (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_4__/* .checkChainNames */ .o)(namespace, ledger_ref, chain);
        const first = chain[0].value;
        admitted ??= await (0,_generations_js__WEBPACK_IMPORTED_MODULE_3__/* .admissionOfRun */ .a)(store, reader, {
            namespace,
            run_id: first.run_id,
            dispatch_key: first.idempotency.dispatch_key
        });
        checkAdmittedKey(ledger_ref, first, admitted);
        return { ledger_ref, admission: admitted.admission, generation: admitted.generation, chain };
    });
}
/**
 * The chain an admission leads to must be for the key that admission admits: a record 1 that
 * names another key was not written by admit for this admission, and is not followed.
 */
function checkAdmittedKey(ledger_ref, first, admitted) {
    if (first.idempotency.dispatch_key === admitted.admission.dispatch_key)
        return;
    throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CorruptEntry */ .Ob(ledger_ref, `record 1 is for dispatch key ${JSON.stringify(first.idempotency.dispatch_key)}, but ` +
        `${admitted.ref} admits this run for ${JSON.stringify(admitted.admission.dispatch_key)}`);
}
/** Kept here for callers that imported it before the run view had its own module. */

/** The newest generation whose default run id is this workflow run's (`gh-<its run id>-…`). */
function ownedGeneration(generations, writer) {
    if (writer === null)
        return undefined;
    const prefix = (0,_core_writer_js__WEBPACK_IMPORTED_MODULE_1__/* .defaultRunIdPrefix */ .se)(writer);
    return [...generations].reverse().find(g => g.admission.run_id.startsWith(prefix));
}


/***/ }),

/***/ 3141:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EB: () => (/* binding */ appendRecord),
/* harmony export */   t6: () => (/* binding */ recordCommand)
/* harmony export */ });
/* unused harmony export parseRecordFields */
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4461);
/* harmony import */ var _store_journal_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(634);
/* harmony import */ var _core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7256);
/* harmony import */ var _core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3086);
/* harmony import */ var _core_record_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4130);
/* harmony import */ var _core_states_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8001);
/* harmony import */ var _core_time_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2334);
/* harmony import */ var _core_validate_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(993);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3906);
/* harmony import */ var _selectRun_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4739);












/**
 * `command: record`: select the run (docs/design/writers.md ownership applies when it is selected from the
 * event), validate the new record against its head, and append it by compare-and-set.
 */
async function recordCommand(options, { store, clock }) {
    const state = _core_states_js__WEBPACK_IMPORTED_MODULE_6__/* .StateSchema */ .XJ.safeParse(options.state);
    if (!state.success)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`state\` must be one of ${_core_states_js__WEBPACK_IMPORTED_MODULE_6__/* .STATES */ .xj.join(', ')}; got ${JSON.stringify(options.state)}.`);
    const fields = parseRecordFields(options.fields);
    const occurred_at = (0,_core_time_js__WEBPACK_IMPORTED_MODULE_7__/* .timestampOf */ .U_)(clock.now());
    const selected = await (0,_selectRun_js__WEBPACK_IMPORTED_MODULE_10__/* .selectRun */ .S3)(store, options);
    (0,_selectRun_js__WEBPACK_IMPORTED_MODULE_10__/* .requireMayAct */ .D2)(selected, `record ${state.data}`);
    const appended = await appendRecord(store, {
        ledger_ref: selected.ledger_ref,
        state: state.data,
        fields,
        occurred_at,
        trigger: (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_4__/* .triggerFor */ .AC)(options.event.name),
        actor: (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_4__/* .actorFrom */ .M2)(options.event.payload),
        writer: options.writer
    }, selected.chain);
    return { ...appended, selected, view: (0,_runView_js__WEBPACK_IMPORTED_MODULE_9__/* .viewChain */ .BS)(appended.chain) };
}
const RECORD_EXAMPLE = '{"note": "checked by hand"}';
/** The `record` fields: a JSON object of the fields a caller may set, authority never. */
function parseRecordFields(value) {
    if (value === undefined)
        return {};
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`record\` must be a JSON object, for example ${RECORD_EXAMPLE}.`);
    if ('authority' in value)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9('The `record` may not set authority: a record is evidence, never a grant, and every ' +
            'authority flag is false. Remove the authority field.');
    const proto = (0,_core_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .findProtoKey */ .Di)(value);
    if (proto !== null)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`record\` is invalid: ${proto} is a field named __proto__, which would be lost when ` +
            'stored. Rename it.');
    return (0,_core_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .parseOrThrow */ .zS)(_core_record_js__WEBPACK_IMPORTED_MODULE_5__/* .RecordInputSchema */ .FR, value, 'The `record`');
}
/**
 * Append one record (docs/design/states.md#appending): verify the chain as read, validate the
 * new record against its head, write it with the head as parent and move the ref only if it
 * still points at that head. The record is the caller's, so a lost race cannot be decided
 * again here: it is reported (LostRace), and the caller re-reads and re-plans.
 */
async function appendRecord(store, request, chain) {
    const journal = new _store_journal_js__WEBPACK_IMPORTED_MODULE_2__/* .Journal */ .C({ store, ref: request.ledger_ref, chain: _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_1__/* .RUN_CHAIN */ .io }, [...chain]);
    const read = journal.state;
    return journal.decideAndAppend(ledger => {
        if (ledger.head?.oid !== read.head_oid)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .LostRace */ .Sb(`Another writer appended to ${request.ledger_ref} after sequence ${read.sequence} was ` +
                'read, so this record was not written. Re-read the run (command: plan) and decide again; ' +
                'nothing is retried blindly.');
        const next = (0,_core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_3__/* .nextRunRecord */ .e)(ledger.entries, read, request);
        if ('duplicate' in next)
            return { done: { record: next.duplicate, duplicate: true, chain: [...ledger.entries] } };
        return {
            append: next.record,
            after: record => ({ record, duplicate: false, chain: [...ledger.entries] })
        };
    });
}


/***/ }),

/***/ 4739:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D2: () => (/* binding */ requireMayAct),
/* harmony export */   S3: () => (/* binding */ selectRun),
/* harmony export */   qb: () => (/* binding */ mayAct)
/* harmony export */ });
/* harmony import */ var _core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3086);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2020);
/* harmony import */ var _core_writer_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7416);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9301);
/* harmony import */ var _dispatchTarget_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4447);
/* harmony import */ var _readRun_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(987);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3906);








/**
 * docs/design/writers.md: select a run by run_id, by dispatch_key, or from the event; read, verify and plan it.
 * Sweeps and recovery workflows (schedule, workflow_run) name the run, so they never need
 * the triggering event. Reading fails closed on a stored entry that does not match its name.
 */
async function selectRun(store, choice) {
    const { selector, selected_by } = chooseSelector(choice);
    await store.prefetch?.(namesKnown(choice.namespace, selector, choice.writer));
    const found = await (0,_readRun_js__WEBPACK_IMPORTED_MODULE_6__/* .readRun */ .cI)(store, choice.namespace, selector);
    const view = (0,_runView_js__WEBPACK_IMPORTED_MODULE_7__/* .viewChain */ .BS)(found.chain);
    if (choice.run_id && choice.dispatch_key && choice.dispatch_key !== view.state.dispatch_key)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`Run ${JSON.stringify(choice.run_id)} belongs to dispatch key ` +
            `${JSON.stringify(view.state.dispatch_key)}, not ${JSON.stringify(choice.dispatch_key)}. ` +
            'Give one of the `run_id` and the `dispatch_key`, or both matching.');
    const first = found.chain[0]?.value;
    const owner = (0,_core_writer_js__WEBPACK_IMPORTED_MODULE_3__/* .ownsRun */ .ti)({ run_id: view.state.run_id, first_writer: first?.writer ?? null }, choice.writer);
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
function requireMayAct(selected, what) {
    if (mayAct(selected))
        return;
    const owner = selected.view.state.run_id;
    const writer = selected.chain[0]?.value.writer;
    throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NotOwner */ .ts(`This workflow run does not own run ${owner}` +
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
        return [(0,_core_refs_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerRef */ .DH)(namespace, selector.run_id)];
    const admission = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_4__/* .admissionRef */ .Rp)(namespace, selector.dispatch_key);
    if (writer === null)
        return [admission];
    return [admission, (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerRef */ .DH)(namespace, (0,_dispatchTarget_js__WEBPACK_IMPORTED_MODULE_5__/* .defaultRunId */ .O)(selector.dispatch_key, writer))];
}
function chooseSelector(choice) {
    if (choice.run_id)
        return { selector: { by: 'run_id', run_id: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .checkRunId */ .np)(choice.run_id) }, selected_by: 'run_id' };
    if (choice.dispatch_key)
        return {
            selector: { by: 'dispatch_key', dispatch_key: (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__/* .checkDispatchKey */ .aY)(choice.dispatch_key) },
            selected_by: 'dispatch_key'
        };
    if (!choice.event?.name)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9('No run was named and there is no event to derive its key from. Give the `run_id` or ' +
            'the `dispatch_key`.');
    const derived = (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__/* .deriveDispatch */ .Qj)({ eventName: choice.event.name, payload: choice.event.payload });
    return {
        selector: { by: 'dispatch_key', dispatch_key: derived.dispatch_key, owned_by: choice.writer },
        selected_by: 'event'
    };
}


/***/ }),

/***/ 3086:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AC: () => (/* binding */ triggerFor),
/* harmony export */   M2: () => (/* binding */ actorFrom),
/* harmony export */   Qj: () => (/* binding */ deriveDispatch),
/* harmony export */   aY: () => (/* binding */ checkDispatchKey)
/* harmony export */ });
/* unused harmony exports KEY_SCHEME, keyComponent */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1183);
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _admission_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8306);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4130);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2020);







/** docs/design/keys.md, "Dispatch key derivation (scheme v1)". */
const KEY_SCHEME = 'v1';
const PositiveInt = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._positive */ .NC());
const NonEmpty = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._minLength */ .m9(1));
const Sha = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._regex */ .Fk(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/));
const JsonObject = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .unknown */ .L5J());
// Actions are lower-case words; restricting them keeps `<action>` a single key component.
const ActionName = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._regex */ .Fk(/^[a-z][a-z_]*$/));
const POSITIVE_INT = 'a positive integer';
const SHA = '40 or 64 lowercase hex digits';
function deriveDispatch(input) {
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
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9)
            throw error;
        throw notUnicode(eventName);
    }
}
function notUnicode(eventName) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${eventName} event payload holds text that is not valid Unicode (a lone ` +
        'surrogate), so the request it names has no canonical JSON form. Set the ' +
        '`dispatch_key` to a key that names this dispatch.');
}
function finish(key, base, input) {
    // The event's part first, so text JSON cannot carry is blamed on where it came from.
    if (!hasJsonForm(base))
        throw notUnicode(input.eventName);
    const request = input.request === undefined ? base : { ...base, request: input.request };
    if (!hasJsonForm(request))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9('The `request` has no canonical JSON form (it holds a lone surrogate or a value JSON ' +
            'cannot carry). Give the `request` as a JSON value of valid text (an object, array, ' +
            'string, number, boolean or null).');
    return { dispatch_key: key, request, request_digest: (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .digestOf */ .ol)(request) };
}
function hasJsonForm(value) {
    try {
        (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(value);
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
    const control = (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .findControlCharacter */ .Am)(key);
    if (control !== null)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} contains the control character ${control}. Dispatch keys are printable text: ` +
            (eventName === undefined
                ? 'set the `dispatch_key` without line breaks, tabs or other control characters.'
                : 'set the `dispatch_key` to a key that names this dispatch.'));
    if (LONE_SURROGATE.test(key))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is not valid Unicode text (it holds a lone surrogate). Set the \`dispatch_key\` ` +
            'to a key of valid text.');
    const bytes = Buffer.byteLength(key, 'utf8');
    if (bytes > _admission_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_KEY_BYTES */ .Xd) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is ${bytes} UTF-8 bytes; the limit is ${_admission_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_KEY_BYTES */ .Xd}. ` +
            'Set the `dispatch_key` to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = _admission_js__WEBPACK_IMPORTED_MODULE_3__/* .DispatchKeySchema */ .Hr.safeParse(key);
    if (!parsed.success) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`);
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
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${what} Set the \`dispatch_key\` to a key that names this dispatch ` +
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
        const body = p.required('comment.body', zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP(), 'a string');
        // An edit keeps the key and changes the digest, so it surfaces as a conflict.
        return {
            event: 'issue_comment',
            key: `v1/issue_comment/${repoId}/${commentId}`,
            fields: { repository_id: repoId, comment_id: commentId, body_sha256: (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)(body) }
        };
    },
    workflow_dispatch: p => {
        const repoId = p.repositoryId();
        const workflow = p.required('workflow', NonEmpty, 'the workflow file path');
        const inputs = p.optional('inputs', JsonObject, 'an object') ?? {};
        const chosen = inputs['dispatch_key'];
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)((0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(inputs));
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
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)((0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(clientPayload));
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
        const conclusion = p.optional('workflow_run.conclusion', zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP(), 'a string') ?? null;
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
        if (!isPlainObject(payload)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${eventName} event payload is not a JSON object (got ${describe(payload)}). ${HINT}`);
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
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${this.eventName} event payload is missing ${path} (expected ${expected}). ${HINT}`);
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
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${this.eventName} event payload has an invalid ${path} (expected ${expected}, got ${describe(value)}). ${HINT}`);
        }
        return parsed.data;
    }
    lookup(path) {
        let node = this.root;
        for (const part of path.split('.')) {
            // Own properties only: a payload must not reach us through a prototype.
            if (!isPlainObject(node) || !Object.hasOwn(node, part))
                return undefined;
            node = node[part];
        }
        return node;
    }
}
const HINT = 'Is GITHUB_EVENT_PATH the event of this workflow run?';
function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function describe(value) {
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
function triggerFor(eventName) {
    return Object.hasOwn(TRIGGER_BY_EVENT, eventName)
        ? TRIGGER_BY_EVENT[eventName]
        : 'webhook';
}
/** The payload's sender as a record actor; null when absent or malformed (never fatal). */
function actorFrom(payload) {
    if (!isPlainObject(payload) || !Object.hasOwn(payload, 'sender'))
        return null;
    const sender = payload['sender'];
    if (!isPlainObject(sender))
        return null;
    const parsed = _record_js__WEBPACK_IMPORTED_MODULE_4__/* .ActorSchema */ .Js.safeParse({ login: sender['login'], id: sender['id'] });
    return parsed.success ? parsed.data : null;
}


/***/ }),

/***/ 4196:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ newRecord)
/* harmony export */ });
/* unused harmony export nowTimestamp */
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4130);
/* harmony import */ var _time_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2334);


/** A complete record from the fields a caller knows; everything else takes its empty value. */
function newRecord(fields) {
    return {
        schema: _record_js__WEBPACK_IMPORTED_MODULE_0__/* .RECORD_SCHEMA */ .ep,
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
        authority: { ..._record_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_AUTHORITY */ .Ce },
        writer: fields.writer
    };
}
/** The clock's reading as an entry timestamp (whole seconds, 2000–9999: see timestampOf). */
function nowTimestamp(now = new Date()) {
    return timestampOf(now);
}


/***/ }),

/***/ 7256:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ nextRunRecord)
/* harmony export */ });
/* harmony import */ var _attempts_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3449);
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _newRecord_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4196);
/* harmony import */ var _reconstruct_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4461);
/* harmony import */ var _transition_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7596);
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
function nextRunRecord(chain, current, request) {
    const inputKey = request.fields.input_key;
    const earlier = inputKey
        ? chain.find(entry => entry.value.idempotency.input_key === inputKey)
        : undefined;
    if (earlier) {
        const differs = differingField(earlier.value, request);
        if (differs)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputConflict */ .dq(`The input_key ${JSON.stringify(inputKey)} is already recorded at sequence ` +
                `${earlier.value.ledger_sequence} with a different ${differs}. Nothing was written. ` +
                'Use a new input_key for a different input.');
        return { duplicate: earlier };
    }
    const head = chain[chain.length - 1];
    const next = (0,_newRecord_js__WEBPACK_IMPORTED_MODULE_2__/* .newRecord */ .M)({
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
    (0,_transition_js__WEBPACK_IMPORTED_MODULE_4__/* .checkAppend */ .Ff)(head.value, next, current.head_digest);
    return { record: next };
}
/** Coordinators need not count attempts: a dispatch or failure belongs to the current one. */
function defaultAttempt(state, current) {
    return (0,_attempts_js__WEBPACK_IMPORTED_MODULE_5__/* .nextAttempt */ .n)((0,_reconstruct_js__WEBPACK_IMPORTED_MODULE_3__/* .headAttempt */ .sf)(current), state);
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
        if ((0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(value) !== (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(stored[field] ?? null))
            return field;
    }
    return null;
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
