export const id = 116;
export const ids = [116];
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

/***/ 7116:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  recoverStep: () => (/* binding */ recoverStep)
});

// EXTERNAL MODULE: ./src/core/dispatchKey.ts
var dispatchKey = __webpack_require__(3086);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
;// CONCATENATED MODULE: ./src/core/recoverDecision.ts
/** Conclusions that mean the coordinator stopped before it was done. */
const RECOVERABLE_CONCLUSIONS = ['failure', 'cancelled', 'timed_out'];
/**
 * Plans a re-run of the coordinator carries on by itself: its admit replays and its later
 * steps (dispatch, observation, verification, asking for a decision) act on the plan. The
 * others wait for an operator or a human, or there is nothing left to do.
 */
const COORDINATOR_CONTINUES = new Set([
    'preview',
    'admit',
    'dispatch',
    'retry_attempt',
    'reconcile_provider',
    'observe_provider',
    'normalize',
    'request_verification',
    'observe_verification',
    'retry_verification',
    'request_human_decision'
]);
const DEFAULT_MAX_ATTEMPTS = 3;
function decideRecover(input) {
    const conclusion = input.conclusion ?? 'none';
    if (!RECOVERABLE_CONCLUSIONS.includes(conclusion))
        return {
            rerun: false,
            why: 'not_failed',
            reason: `The coordinator's run concluded ${conclusion}; only failure, cancelled or timed_out is recovered.`
        };
    if (input.plans.length === 0)
        return {
            rerun: false,
            why: 'no_runs',
            reason: 'The coordinator admitted no run that is still open; there is nothing to recover.'
        };
    const continuing = input.plans.filter(action => COORDINATOR_CONTINUES.has(action));
    if (continuing.length === 0)
        return {
            rerun: false,
            why: 'nothing_to_continue',
            reason: `No open run can be carried on by the coordinator (plans: ${[...new Set(input.plans)].join(', ')}); an operator or a human must act.`
        };
    if (input.run_attempt >= input.max_attempts)
        return {
            rerun: false,
            why: 'max_attempts',
            reason: `The coordinator already ran ${input.run_attempt} times (max-attempts ${input.max_attempts}); nothing is re-run, an operator must act.`
        };
    return {
        rerun: true,
        reason: `Attempt ${input.run_attempt} of the coordinator ${conclusion}; ${continuing.length} open run(s) can go on (${[...new Set(continuing)].join(', ')}), so its failed jobs are re-run (attempt ${input.run_attempt + 1} of at most ${input.max_attempts}).`
    };
}
/** The run ids a workflow run admits by default: `gh-<GITHUB_RUN_ID>-…` (docs/design/keys.md). */
function admittedBy(workflowRunId, runId) {
    return runId.startsWith(`gh-${workflowRunId}-`);
}
/** What GitHub answered to `POST …/actions/runs/{id}/rerun-failed-jobs` (201 Created). */
function classifyRerun(answer) {
    if ('error' in answer)
        return { kind: 'unknown', message: `No answer from the API (${answer.error}).` };
    if (answer.status === 201 || answer.status === 204)
        return { kind: 'requested' };
    const said = apiMessage(answer.body);
    if (answer.status === 401 || answer.status === 403)
        return {
            kind: 'forbidden',
            message: `GitHub refused the re-run with HTTP ${answer.status}${said}: the recovery job needs ` +
                '`permissions: actions: write` (and a token that has it). Fix it, then re-run this recovery workflow.'
        };
    if (answer.status >= 400 && answer.status < 500)
        return {
            kind: 'refused',
            message: `GitHub refused the re-run with HTTP ${answer.status}${said} (a run can be re-run up to ` +
                '30 days after it started and at most 50 times); an operator must act on the open runs.'
        };
    return {
        kind: 'unknown',
        message: `The re-run request ended with HTTP ${answer.status}${said}; it may or may not have been accepted.`
    };
}
function apiMessage(body) {
    if (typeof body !== 'object' || body === null)
        return '';
    const message = body.message;
    return typeof message === 'string' ? ` (${message.slice(0, 200)})` : '';
}

// EXTERNAL MODULE: ./src/commands/admit.ts
var admit = __webpack_require__(4579);
// EXTERNAL MODULE: ./src/commands/record.ts
var record = __webpack_require__(3141);
// EXTERNAL MODULE: ./src/commands/scan.ts
var scan = __webpack_require__(689);
// EXTERNAL MODULE: ./src/commands/observe.ts
var observe = __webpack_require__(8558);
// EXTERNAL MODULE: ./src/core/observation.ts
var observation = __webpack_require__(7305);
// EXTERNAL MODULE: ./src/core/receiver.ts
var receiver = __webpack_require__(3698);
// EXTERNAL MODULE: ./src/core/nextRunRecord.ts
var nextRunRecord = __webpack_require__(7256);
// EXTERNAL MODULE: ./src/commands/runView.ts
var runView = __webpack_require__(3906);
// EXTERNAL MODULE: ./src/core/time.ts
var time = __webpack_require__(2334);
;// CONCATENATED MODULE: ./src/commands/recover.ts












async function recover(options, deps) {
    const github = deps.github;
    if (!github?.hasToken)
        throw new errors/* InvalidInput */.o9('command: recover needs a token (the token input, default the job token). Recording a ' +
            "receiver's end needs only `permissions: contents: write`; re-running a coordinator's " +
            'failed jobs needs `actions: write` too.');
    // Checked before the ledger is read: recover cannot go on without the repository.
    github.where();
    if (options.event.name !== 'workflow_run')
        throw new errors/* InvalidInput */.o9('command: recover runs on the workflow_run event (types: [completed]) of the coordinator ' +
            `workflow, not on ${JSON.stringify(options.event.name)}.`);
    const wr = workflowRunFacts(options.event.payload);
    // One scan serves both: a receiver's delivery is recorded, a coordinator's may be re-run.
    const scanned = await (0,scan/* scanRuns */.sQ)({ namespace: options.namespace }, deps);
    const finished = finishedReceiver(scanned, wr);
    if (finished)
        return observeReceiver(options, deps, wr, finished);
    const admitted = await (0,admit/* admitCommand */.Py)({
        namespace: options.namespace,
        event: options.event,
        run_id: options.run_id,
        writer: options.writer
    }, deps);
    const result = admitted.result;
    const base = {
        dispatch_key: admitted.target.dispatch_key,
        workflow_run: wr,
        owner: result?.owner ?? false,
        owner_run_id: result?.admission.run_id ?? admitted.conflict?.stored.run_id ?? ''
    };
    const chain = result?.owner ? result.chain : null;
    const head = chain?.[chain.length - 1]?.value;
    if (!result || !chain || head?.state !== 'admitted')
        return duplicateDelivery(base);
    const open = openRunsOf(scanned, wr.id);
    const decision = decideRecover({
        conclusion: wr.conclusion,
        run_attempt: wr.run_attempt,
        max_attempts: options.maxAttempts,
        plans: open.map(run => run.plan.action)
    });
    const delivery = {
        outcome: {
            ...base,
            duplicate: false,
            decision,
            rerun_requested: false,
            failure: null,
            observed: []
        },
        ledger_ref: result.admission.ledger_ref,
        chain,
        open
    };
    if (decision.rerun)
        return requestRerun(options, { ...deps, github }, delivery, decision);
    await recover_close(options, deps, delivery, `recover: ${decision.reason}`);
    return { ...delivery.outcome, message: decision.reason, runs: reports(open, 'nothing') };
}
/** Another delivery, or this run before, already recovered it: nothing is done twice. */
function duplicateDelivery(base) {
    return {
        ...base,
        duplicate: true,
        runs: [],
        decision: null,
        rerun_requested: false,
        observed: [],
        failure: null,
        message: base.owner
            ? 'This workflow run already recovered this delivery; nothing is done twice.'
            : `Run ${base.owner_run_id} already handles this workflow_run delivery (a duplicate delivery); nothing is done twice.`
    };
}
/** The coordinator's runs that are not over; an orphan has no plan, so a re-run could not act on it. */
function openRunsOf(scanned, coordinator) {
    return scanned.flatMap(run => 'plan' in run &&
        !run.state.terminal &&
        admittedBy(String(coordinator), run.state.run_id) &&
        // A receiver's own run is never re-run: its conclusion is recorded (observeReceiver).
        !(0,receiver/* isReceiverKey */.hX)(run.state.dispatch_key)
        ? [run]
        : []);
}
/** Asks GitHub once to re-run the coordinator's failed jobs, and says what it answered. */
async function requestRerun(options, deps, delivery, decision) {
    const { outcome, open } = delivery;
    const answer = classifyRerun(await deps.github.rerunFailedJobs(outcome.workflow_run.id));
    if (answer.kind === 'requested') {
        await recover_close(options, deps, delivery, `recover: ${decision.reason}`);
        return {
            ...outcome,
            message: decision.reason,
            runs: reports(open, 're-run of the coordinator requested'),
            rerun_requested: true
        };
    }
    const failed = {
        ...outcome,
        runs: reports(open, 'nothing'),
        failure: answer.message,
        message: `${decision.reason} ${answer.message}`
    };
    // Forbidden or unknown: this run stays open, so a re-run of recovery can try again.
    if (answer.kind === 'refused')
        await recover_close(options, deps, delivery, `recover: ${failed.message}`);
    return failed;
}
/** What recover did for each open run of the coordinator. */
function reports(open, done) {
    return open.map(run => ({
        run_id: run.state.run_id,
        state: run.state.state,
        plan: run.plan.action,
        done
    }));
}
/** The derivation already checked id and run_attempt (positive integers). */
function workflowRunFacts(payload) {
    const wr = payload.workflow_run;
    return {
        id: wr['id'],
        run_attempt: wr['run_attempt'],
        conclusion: typeof wr['conclusion'] === 'string' ? wr['conclusion'] : null,
        run: (0,observation/* receiverRunOf */.m6)(wr, '')
    };
}
/** Closes the delivery's own run, so `scan` never lists it. */
async function recover_close(options, { store, clock }, { ledger_ref, chain }, note) {
    await (0,record/* appendRecord */.EB)(store, {
        ledger_ref,
        state: 'cancelled',
        fields: { note: note.length > 4096 ? `${note.slice(0, 4093)}...` : note },
        occurred_at: (0,time/* timestampOf */.U_)(clock.now()),
        trigger: (0,dispatchKey/* triggerFor */.AC)(options.event.name),
        actor: (0,dispatchKey/* actorFrom */.M2)(options.event.payload),
        writer: options.writer
    }, chain);
}
/**
 * The runs a finished receiver's workflow_run concerns (docs/design/lifecycle.md#who-observes):
 * the coordinators' runs whose current attempt names this workflow run as the receiver that
 * works — or, while no receiver has admitted the attempt, as a run a dispatch answer named (a
 * receiver that died before its admit step; the attempt fails when it was the attempt's only
 * run, and otherwise the sweep or the next event reads the others) — and the receiver's own run (admitted by this workflow run under a receiver key). null
 * when this workflow run is no receiver: then the delivery is a coordinator's, handled as
 * before. A receiver whose runs were all recorded already (by the sweep, or the next event) is
 * still a receiver: its delivery writes its admission and close, and nothing more.
 */
function finishedReceiver(scanned, wr) {
    if (wr.run === null || wr.conclusion === null)
        return null;
    const run = wr.run;
    const id = String(wr.id);
    const planned = scanned.flatMap(r => ('plan' in r ? [r] : []));
    const own = planned.filter(r => admittedBy(id, r.state.run_id) && (0,receiver/* isReceiverKey */.hX)(r.state.dispatch_key));
    const coordinators = planned.filter(r => !r.state.terminal && (0,observation/* watchedRuns */.BZ)(r.state).includes(id));
    if (coordinators.length === 0 && own.length === 0)
        return null;
    return [
        ...coordinators.map(c => ({ run, coordinator_ref: c.ledger_ref })),
        ...own.filter(r => !r.state.terminal).map(r => ({ run, receiver_ref: r.ledger_ref }))
    ];
}
/**
 * A receiver's workflow_run: the delivery's admission, the records on the coordinator's run and
 * on the receiver's own run, and the delivery's own close — ONE write. A second delivery finds
 * its key admitted and writes nothing; an observer that wrote first leaves nothing to append,
 * and only the delivery's admission and close are written. Nothing is re-run: a failed
 * receiver is recorded, and a later event, `/ledger retry` or dispatch tries again.
 */
async function observeReceiver(options, deps, wr, sightings) {
    let observed = [];
    const observation = {
        namespace: options.namespace,
        onSuccess: options.onSuccess ?? 'decide',
        writer: options.writer,
        actor: (0,dispatchKey/* actorFrom */.M2)(options.event.payload)
    };
    const admitted = await (0,admit/* admitCommand */.Py)({
        namespace: options.namespace,
        event: options.event,
        run_id: options.run_id,
        writer: options.writer,
        follow: chain => [closeRecord(options, deps, chain, observedNote(wr, observed))],
        advances: async (refresh) => {
            const plan = await (0,observe/* planObservations */.HD)(deps.store, sightings, { ...observation, refresh });
            observed = plan.observed;
            options.onBoundary?.('after-observation-read');
            return plan.advances;
        }
    }, deps);
    const result = admitted.result;
    const base = {
        dispatch_key: admitted.target.dispatch_key,
        workflow_run: wr,
        owner: result?.owner ?? false,
        owner_run_id: result?.admission.run_id ?? admitted.conflict?.stored.run_id ?? ''
    };
    if (!result?.created)
        return duplicateDelivery(base);
    return {
        ...base,
        duplicate: false,
        runs: observed.map(o => ({ run_id: o.run_id, state: o.state, plan: 'none', done: 'recorded' })),
        decision: null,
        rerun_requested: false,
        failure: null,
        observed,
        message: observedNote(wr, observed)
    };
}
/** What the delivery did, as its close note and the step's message. */
function observedNote(wr, observed) {
    const what = `recover: the receiver's workflow run ${wr.id} concluded ${String(wr.conclusion)}`;
    if (observed.length === 0)
        return `${what}; its runs were already recorded, nothing more was written.`;
    const runs = observed.map(o => `${o.run_id} → ${o.state}`).join(', ');
    return `${what}; recorded ${runs}. Nothing was re-run.`;
}
/** The delivery's own close, in the same write as its admission (built after its first record). */
function closeRecord(options, { clock }, chain, note) {
    const next = (0,nextRunRecord/* nextRunRecord */.e)(chain, (0,runView/* verifiedState */.SP)(chain), {
        state: 'cancelled',
        fields: { note: note.length > 4096 ? `${note.slice(0, 4093)}...` : note },
        occurred_at: (0,time/* timestampOf */.U_)(clock.now()),
        trigger: (0,dispatchKey/* triggerFor */.AC)(options.event.name),
        actor: (0,dispatchKey/* actorFrom */.M2)(options.event.payload),
        writer: options.writer
    });
    if ('duplicate' in next)
        throw new Error('a new run already holds its close');
    return next.record;
}

// EXTERNAL MODULE: ./src/action/failpoint.ts
var failpoint = __webpack_require__(4056);
// EXTERNAL MODULE: ./src/action/report.ts
var report = __webpack_require__(1658);
;// CONCATENATED MODULE: ./src/action/recoverStep.ts



/**
 * docs/design/recovery.md, docs/design/lifecycle.md: on workflow_run completed, record a
 * receiver's conclusion on its coordinator's run, or re-run a killed coordinator when its ledger
 * allows.
 */
async function recoverStep(inputs, context) {
    const { store } = context;
    const result = await recover({
        namespace: inputs.namespace,
        event: context.event,
        run_id: inputs.runId || undefined,
        writer: context.writer,
        maxAttempts: Number(inputs.maxAttempts),
        onSuccess: inputs.onSuccess,
        onBoundary: (0,failpoint/* failpoint */.Z)(context.env)
    }, context);
    const wr = result.workflow_run;
    return {
        outputs: {
            dispatch_key: result.dispatch_key,
            run_id: result.owner_run_id,
            owner: (0,report/* flag */.J)(result.owner),
            duplicate: (0,report/* flag */.J)(result.duplicate),
            runs: JSON.stringify(result.runs),
            rerun_requested: (0,report/* flag */.J)(result.rerun_requested),
            observed: JSON.stringify(result.observed),
            recovery_reason: result.message,
            store: store.name
        },
        summary: {
            title: `dispatch-ledger: recover — ${result.observed.length > 0 ? "receiver's end recorded" : result.rerun_requested ? 're-run requested' : result.duplicate ? 'already recovered' : 'nothing re-run'}`,
            meaning: result.message,
            rows: [
                ['workflow run', String(wr.id)],
                ['its attempt', String(wr.run_attempt)],
                ['conclusion', wr.conclusion ?? ''],
                ['max attempts', inputs.maxAttempts],
                ...result.runs.map(run => [run.run_id, `${run.state}: ${run.plan} (${run.done})`]),
                ['store', store.name]
            ]
        },
        failure: result.failure ?? undefined
    };
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


/***/ })

};
