export const id = 371;
export const ids = [371];
export const modules = {

/***/ 4056:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ failpoint)
/* harmony export */ });
/**
 * Where a test stops the action with a real SIGKILL, to prove every crash is recoverable
 * (docs/development.md#tests): DISPATCH_LEDGER_TEST_KILL_AT names one boundary of the command's
 * own (dispatch's before-intent … after-outcome, an observer's after-observation-read). Unset in
 * every real workflow, so it does nothing there.
 */
function failpoint(env) {
    const at = env.DISPATCH_LEDGER_TEST_KILL_AT;
    if (!at)
        return undefined;
    return boundary => {
        if (boundary === at)
            process.kill(process.pid, 'SIGKILL');
    };
}


/***/ }),

/***/ 5371:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   scanStep: () => (/* binding */ scanStep)
/* harmony export */ });
/* harmony import */ var _commands_scan_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(689);
/* harmony import */ var _failpoint_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4056);
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(301);



/**
 * For a scheduled sweep: every non-terminal run with its plan, every ledger that no admission
 * admits (an orphan: listed, with no next action), and every ledger that fails to verify; with
 * observe, the receivers' conclusions recorded first (one write), so ended runs leave the list.
 */
async function scanStep(inputs, context) {
    const { store } = context;
    const sweep = await (0,_commands_scan_js__WEBPACK_IMPORTED_MODULE_0__/* .sweepRuns */ .LN)({
        namespace: inputs.namespace,
        observe: inputs.observe === 'true',
        onSuccess: inputs.onSuccess,
        writer: context.writer,
        actor: null,
        onBoundary: (0,_failpoint_js__WEBPACK_IMPORTED_MODULE_2__/* .failpoint */ .Z)(context.env)
    }, context);
    const scanned = sweep.runs;
    const broken = scanned.flatMap(run => 'error' in run ? [{ ledger_ref: run.ledger_ref, error: run.error }] : []);
    const orphans = scanned.flatMap(run => 'orphan' in run
        ? [
            {
                run_id: run.state.run_id,
                dispatch_key: run.state.dispatch_key,
                ledger_ref: run.ledger_ref,
                state: run.state.state,
                sequence: run.state.sequence,
                updated_at: run.state.updated_at,
                orphan: run.orphan
            }
        ]
        : []);
    const open = scanned.flatMap(run => !('plan' in run) || run.state.terminal
        ? []
        : [
            {
                run_id: run.state.run_id,
                dispatch_key: run.state.dispatch_key,
                ledger_ref: run.ledger_ref,
                state: run.state.state,
                sequence: run.state.sequence,
                updated_at: run.state.updated_at,
                recovery_action: run.plan.action,
                recovery_reason: run.plan.reason,
                blind_resubmission_forbidden: run.plan.blind_resubmission_forbidden,
                authority_required: run.plan.authority_required
            }
        ]);
    const now = context.clock.now();
    const serverUrl = context.env.GITHUB_SERVER_URL;
    const listed = (run) => ({
        age: (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .age */ .KW)((0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .secondsSince */ .wv)(run.state.updated_at, now)),
        url: (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .workflowRunUrl */ .CX)(serverUrl, run.writer)
    });
    const seen = new Map(scanned.flatMap(run => ('writer' in run ? [[run.ledger_ref, listed(run)]] : [])));
    const table = scanTable(open, orphans, broken, ref => seen.get(ref) ?? { age: '', url: null });
    return {
        outputs: {
            runs: JSON.stringify([...open, ...orphans, ...broken]),
            observed: JSON.stringify(sweep.observed),
            store: store.name
        },
        // Logged by the adapter, which makes every log line inert.
        warnings: [
            ...sweep.unknown,
            ...orphans.map(run => run.orphan),
            ...broken.map(run => `${run.ledger_ref}: ${run.error}`)
        ],
        summary: {
            title: 'dispatch-ledger: scan',
            meaning: `${observedText(sweep)}${count(scanned.length, 'run')} in ${inputs.namespace}; ${open.length} not terminal; ${count(orphans.length, 'orphan')} (no admission admits ${orphans.length === 1 ? 'it' : 'them'}: nothing acts on ${orphans.length === 1 ? 'it' : 'them'}); ${broken.length} ${broken.length === 1 ? 'does' : 'do'} not verify.`,
            rows: [
                ['namespace', inputs.namespace],
                ['store', store.name]
            ],
            extra: `\n${table}\n`
        }
    };
}
/** What the sweep's observation did, as the summary's first sentence (empty without observe). */
function observedText(sweep) {
    if (sweep.lookups === 0)
        return '';
    return `Looked up ${count(sweep.lookups, 'receiver')}: ${sweep.observed.length} concluded and recorded, ${sweep.unknown.length} could not be read. `;
}
/** `1 run`, `0 runs`, `2 runs`. */
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
/**
 * The summary's table, the columns `dispatch-ledger status` prints (docs/cli.md): open runs
 * with their next action, then orphans (no next action), then ledgers that do not verify. Every
 * stored value is inert text; the workflow run's address is text too, not a link.
 */
function scanTable(open, orphans, broken, listed) {
    const tail = (ref) => {
        const { age, url } = listed(ref);
        return `${age} | ${url === null ? '' : (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(url)} |`;
    };
    return [
        '| run id | dispatch key | state | seq | next action | gate | age | workflow run |',
        '|---|---|---|---|---|---|---|---|',
        ...open.map(run => `| ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(run.run_id)} | ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(run.dispatch_key)} | ${run.state} | ${run.sequence} | ${run.recovery_action} | ${run.authority_required ?? ''} | ${tail(run.ledger_ref)}`),
        ...orphans.map(run => `| ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(run.run_id)} | ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(run.dispatch_key)} | orphan (${run.state}) | ${run.sequence} | none | | ${tail(run.ledger_ref)}`),
        ...broken.map(run => `| ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(run.ledger_ref)} | | does not verify | | ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(run.error)} | | | |`)
    ].join('\n');
}


/***/ }),

/***/ 8558:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HD: () => (/* binding */ planObservations),
/* harmony export */   LK: () => (/* binding */ recordLookupEnd),
/* harmony export */   vt: () => (/* binding */ watchRun),
/* harmony export */   vy: () => (/* binding */ recordObservations)
/* harmony export */ });
/* unused harmony exports lookReceiverUp, concluded */
/* harmony import */ var _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3532);
/* harmony import */ var _core_entry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5263);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7256);
/* harmony import */ var _core_observation_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7305);
/* harmony import */ var _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4461);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9301);
/* harmony import */ var _core_states_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8001);
/* harmony import */ var _core_time_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2334);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3906);
/* harmony import */ var _storedNames_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(7931);
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
            const at = (0,_core_time_js__WEBPACK_IMPORTED_MODULE_8__/* .timestampOf */ .U_)((0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .observedAt */ .Cm)(sighting.run) ?? new Date());
            const append = async (ref, decide) => {
                if (seen.has(ref))
                    return null;
                const chain = await readRun(reader, options, ref);
                if (chain === null)
                    return null;
                const state = (0,_runView_js__WEBPACK_IMPORTED_MODULE_9__/* .verifiedState */ .SP)(chain);
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
                const state = await append(sighting.coordinator_ref, async (s) => (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .coordinatorRecords */ .LP)(s, runs, {
                    onSuccess: options.onSuccess,
                    receiverAdmitted: await receiverAdmitted(reader, options.namespace, s)
                }));
                receiverRef ??= state ? await receiverLedger(reader, options.namespace, state) : null;
            }
            if (receiverRef)
                await append(receiverRef, s => single((0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .receiverRecord */ .tc)(s, sighting.run)));
        }
    });
    return { advances, observed };
}
function single(draft) {
    return draft ? [draft] : [];
}
async function readRun(reader, options, ref) {
    const chain = await reader.readChain(ref, _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_5__/* .RUN_CHAIN */ .io, { refresh: options.refresh });
    if (chain === null || chain.length === 0)
        return null;
    (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_10__/* .checkChainNames */ .o)(options.namespace, ref, chain);
    return chain;
}
/** The receiver's own ledger, through the admission of the key the coordinator recorded. */
async function receiverLedger(reader, namespace, state) {
    const key = awaitedOrLast(state);
    if (!key)
        return null;
    const admission = await reader.readAdmission((0,_core_refs_js__WEBPACK_IMPORTED_MODULE_6__/* .admissionRef */ .Rp)(namespace, key));
    return admission?.value.ledger_ref ?? null;
}
/**
 * For an attempt no receiver has confirmed: whether its receiver key was admitted all the same
 * (then the attempt is never failed for want of a confirmation). Not read otherwise.
 */
async function receiverAdmitted(reader, namespace, state) {
    const unconfirmed = (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .unconfirmedReceiver */ .ku)(state);
    if (unconfirmed === null)
        return false;
    return (await reader.readAdmission((0,_core_refs_js__WEBPACK_IMPORTED_MODULE_6__/* .admissionRef */ .Rp)(namespace, unconfirmed.receiver_key))) !== null;
}
/** The receiver key of the attempt observed (read before the observation moved the state). */
function awaitedOrLast(state) {
    const awaited = (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .awaitedReceiver */ .fD)(state);
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
        const next = (0,_core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_3__/* .nextRunRecord */ .e)(entries, current, {
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
        const [oid] = (await store.writeEntries([(0,_core_entry_js__WEBPACK_IMPORTED_MODULE_1__/* .recordCommit */ .rN)(next.record, parent)]));
        entries = [...entries, { oid, value: next.record }];
        current = (0,_runView_js__WEBPACK_IMPORTED_MODULE_9__/* .verifiedState */ .SP)(entries);
        last = next.record;
    }
    const head = entries[entries.length - 1];
    const record = last ?? head.value;
    return {
        next: head.oid,
        expected,
        ended: (0,_core_states_js__WEBPACK_IMPORTED_MODULE_7__/* .isTerminal */ .Hd)(record.state),
        key: state.dispatch_key,
        last: record
    };
}
/**
 * The sightings' records in one atomic write of their own (scan's sweep, an on-demand look):
 * planned, written, and on a lost compare-and-set planned again from what won, at most
 * WRITE_TRIES times. Returns what it recorded (empty: nothing was left to record).
 */
async function recordObservations(store, sightings, options) {
    for (let tries = 1;; tries++) {
        const plan = await planObservations(store, sightings, { ...options, refresh: tries > 1 });
        if (plan.advances.length === 0)
            return [];
        options.onBoundary?.('after-observation-read');
        if ((await store.createRefs([], { advances: plan.advances })) !== 'lost')
            return plan.observed;
        if (tries >= _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .LostRace */ .Sb(`Other writers moved the observed runs each of the ${_core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI} times this step wrote ` +
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
    const at = (0,_core_time_js__WEBPACK_IMPORTED_MODULE_8__/* .timestampOf */ .U_)((0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .lookupConcludedAt */ .b)(found, options.now) ?? options.now);
    for (let tries = 1;; tries++) {
        const chain = await store.read(reader => readRun(reader, { ...options, refresh: tries > 1 }, ledger_ref));
        if (chain === null)
            return null;
        const state = (0,_runView_js__WEBPACK_IMPORTED_MODULE_9__/* .verifiedState */ .SP)(chain);
        const drafts = (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .lookupRecords */ .pJ)(state, found, options);
        if (drafts.length === 0)
            return null;
        const advance = await appendAll(store, chain, state, drafts, { ...options, at });
        options.onBoundary?.('after-observation-read');
        const written = await store.createRefs([], { advances: [{ ref: ledger_ref, ...advance }] });
        if (written !== 'lost')
            return { run_id: state.run_id, ledger_ref, state: advance.last.state, receiver_url: '' };
        if (tries >= _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .LostRace */ .Sb(`Other writers moved run ${state.run_id} each of the ${_core_chain_definition_js__WEBPACK_IMPORTED_MODULE_0__/* .WRITE_TRIES */ .QI} times this step ` +
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
    const run = (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .receiverRunOf */ .m6)(answer.body, fallback);
    return run && run.id === workflowRunId
        ? { run }
        : { unknown: `GitHub's answer for workflow run ${workflowRunId} is not a workflow run` };
}
/**
 * One REST read per workflow run the coordinator's run waits on (core/observation.ts
 * watchedRuns): its confirmed receiver, or every run its unconfirmed attempt was sent as. Null
 * when it waits on none (not at observe_provider, or a send GitHub answered without a run id).
 */
async function watchRun(github, state, ledger_ref) {
    const ids = (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .watchedRuns */ .BZ)(state);
    if (ids.length === 0)
        return null;
    const confirmed = (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .awaitedReceiver */ .fD)(state) !== null;
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
    return (0,_core_observation_js__WEBPACK_IMPORTED_MODULE_4__/* .classifyReceiver */ .iv)(run).kind !== 'working';
}


/***/ }),

/***/ 689:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LN: () => (/* binding */ sweepRuns),
/* harmony export */   sQ: () => (/* binding */ scanRuns)
/* harmony export */ });
/* unused harmony export SCAN_WIDTH */
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9301);
/* harmony import */ var _generations_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1125);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3906);
/* harmony import */ var _storedNames_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7931);
/* harmony import */ var _observe_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8558);






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
        if (!(error instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DispatchLedgerError */ .SS))
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
        const lister = (0,_generations_js__WEBPACK_IMPORTED_MODULE_2__/* .listerOf */ .HW)(store, reader);
        const list = (prefix) => lister.listRefs(prefix);
        const refs = await list((0,_core_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .runsPrefix */ .Jp)(namespace));
        // Listed only when a run's generation 1 is not its own (a later generation, an orphan):
        // most runs are admitted by name, and the listing reads every key's tree.
        let listing = null;
        const admissions = () => (listing ??= list((0,_core_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .admissionsPrefix */ .bS)(namespace)).then(all => all.map(entry => entry.ref)));
        const derive = async (ref) => {
            try {
                const chain = await reader.readChain(ref);
                if (!chain)
                    return { run: null, admitted: null }; // deleted since it was listed
                (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_4__/* .checkChainNames */ .o)(namespace, ref, chain);
                const view = (0,_runView_js__WEBPACK_IMPORTED_MODULE_3__/* .viewChain */ .BS)(chain);
                const writer = chain[chain.length - 1]?.value.writer ?? null;
                let admitted;
                try {
                    const { run_id, dispatch_key } = view.state;
                    admitted = await (0,_generations_js__WEBPACK_IMPORTED_MODULE_2__/* .admissionOfRun */ .a)(store, reader, { namespace, run_id, dispatch_key }, admissions);
                }
                catch (error) {
                    if (!(error instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .OrphanRun */ .GU))
                        throw error;
                    return {
                        run: { ledger_ref: ref, state: view.state, orphan: error.message, writer },
                        admitted: null
                    };
                }
                return { run: { ledger_ref: ref, ...view, writer }, admitted };
            }
            catch (error) {
                if (!(error instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DispatchLedgerError */ .SS))
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
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9('scan with observe: true needs a token (the token input, default the job token) with ' +
            '`permissions: actions: read`, to look the receivers up.');
    const waiting = runs.flatMap(run => 'plan' in run && run.plan.action === 'observe_provider' ? [run] : []);
    const watched = await inOrder(waiting, LOOKUP_WIDTH, w => (0,_observe_js__WEBPACK_IMPORTED_MODULE_5__/* .watchRun */ .vt)(github, w.state, w.ledger_ref));
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
    const observed = await (0,_observe_js__WEBPACK_IMPORTED_MODULE_5__/* .recordObservations */ .vy)(deps.store, sightings, options);
    return { runs: observed.length > 0 ? await scanRuns(options, deps) : runs, observed, ...base };
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


/***/ })

};
