export const id = 116;
export const ids = [116];
export const modules = {

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
var errors = __webpack_require__(1915);
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
// EXTERNAL MODULE: ./src/core/time.ts
var time = __webpack_require__(2334);
;// CONCATENATED MODULE: ./src/commands/recover.ts







async function recover(options, deps) {
    const github = deps.github;
    if (!github?.hasToken)
        throw new errors/* InvalidInput */.o9('command: recover needs a token (the token input, default the job token) with ' +
            '`permissions: actions: write`, to re-run the coordinator.');
    // Checked before the ledger is read: recover cannot go on without the repository.
    github.where();
    if (options.event.name !== 'workflow_run')
        throw new errors/* InvalidInput */.o9('command: recover runs on the workflow_run event (types: [completed]) of the coordinator ' +
            `workflow, not on ${JSON.stringify(options.event.name)}.`);
    const admitted = await (0,admit/* admitCommand */.Py)({
        namespace: options.namespace,
        event: options.event,
        run_id: options.run_id,
        writer: options.writer
    }, deps);
    const wr = workflowRunFacts(options.event.payload);
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
    const open = await openRunsOf(options, deps, wr.id);
    const decision = decideRecover({
        conclusion: wr.conclusion,
        run_attempt: wr.run_attempt,
        max_attempts: options.maxAttempts,
        plans: open.map(run => run.plan.action)
    });
    const delivery = {
        outcome: { ...base, duplicate: false, decision, rerun_requested: false, failure: null },
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
        failure: null,
        message: base.owner
            ? 'This workflow run already recovered this delivery; nothing is done twice.'
            : `Run ${base.owner_run_id} already handles this workflow_run delivery (a duplicate delivery); nothing is done twice.`
    };
}
/** The coordinator's runs that are not over; an orphan has no plan, so a re-run could not act on it. */
async function openRunsOf(options, deps, coordinator) {
    return (await (0,scan/* scanRuns */.s)({ namespace: options.namespace }, deps)).flatMap(scanned => 'plan' in scanned &&
        !scanned.state.terminal &&
        admittedBy(String(coordinator), scanned.state.run_id)
        ? [scanned]
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
        conclusion: typeof wr['conclusion'] === 'string' ? wr['conclusion'] : null
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

// EXTERNAL MODULE: ./src/action/report.ts
var report = __webpack_require__(1658);
;// CONCATENATED MODULE: ./src/action/recoverStep.ts


/** docs/design/recovery.md: on workflow_run completed, re-run a killed coordinator when its ledger allows. */
async function recoverStep(inputs, context) {
    const { store } = context;
    const result = await recover({
        namespace: inputs.namespace,
        event: context.event,
        run_id: inputs.runId || undefined,
        writer: context.writer,
        maxAttempts: Number(inputs.maxAttempts)
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
            recovery_reason: result.message,
            store: store.name
        },
        summary: {
            title: `dispatch-ledger: recover — ${result.rerun_requested ? 're-run requested' : result.duplicate ? 'already recovered' : 'nothing re-run'}`,
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

/***/ 689:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ scanRuns)
/* harmony export */ });
/* unused harmony export SCAN_WIDTH */
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1915);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9301);
/* harmony import */ var _generations_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1125);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3906);
/* harmony import */ var _storedNames_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7931);





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


/***/ })

};
