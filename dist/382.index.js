export const id = 382;
export const ids = [382];
export const modules = {

/***/ 7382:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dispatchStep: () => (/* binding */ dispatchStep)
});

// EXTERNAL MODULE: ./src/core/reconstruct.ts
var reconstruct = __webpack_require__(4461);
;// CONCATENATED MODULE: ./src/core/dispatchMove.ts

function dispatchMove(state, plan) {
    switch (plan.action) {
        case 'dispatch':
        case 'retry_attempt': {
            const attempt = (0,reconstruct/* dispatchAttemptFor */.jY)(state);
            // planRecovery says dispatch only at admitted and retry only at attempt_failed, where
            // an attempt always follows; anything else is a planner bug, and we send nothing.
            if (attempt === null)
                return { kind: 'nothing', reason: `No attempt can be started in state ${state.state}.` };
            return { kind: 'send', attempt };
        }
        case 'reconcile_provider': {
            // The unresolved ambiguous attempt first (rule 2 of §6), else the newest one.
            const open = state.attempts.find(a => a.unresolved_ambiguous) ??
                state.attempts.find(a => a.number === state.current_attempt);
            if (open === undefined)
                return { kind: 'nothing', reason: 'The plan asks to reconcile, but no attempt exists.' };
            return { kind: 'reconcile', attempt: { number: open.number, reason: open.reason } };
        }
        case 'observe_provider': {
            const current = state.attempts.find(a => a.number === state.current_attempt);
            return {
                kind: 'observe',
                attempt: current?.number ?? 0,
                external_ids: current?.external_ids ?? {}
            };
        }
        default:
            return {
                kind: 'nothing',
                reason: `Nothing to send: the plan is ${plan.action}. ${plan.reason}`
            };
    }
}
/** docs/design/dispatch.md: `<run id>/a<attempt>`, the key a fenced provider deduplicates by. */
function idempotencyKey(runId, attempt) {
    return `${runId}/a${attempt}`;
}
/**
 * How many sends of `attempt` the ledger shows were started: each send is preceded by its
 * own durable intent (`dispatched`, `not_submitted`), so a crash cannot hide one.
 */
function sendsStarted(records, attempt) {
    return records.filter(r => r.state === 'dispatched' &&
        r.attempt?.number === attempt &&
        r.provider?.submission_state === 'not_submitted').length;
}

// EXTERNAL MODULE: ./src/core/planRecovery.ts
var planRecovery = __webpack_require__(5183);
// EXTERNAL MODULE: ./src/core/receiver.ts
var core_receiver = __webpack_require__(3698);
// EXTERNAL MODULE: ./src/core/send/protocol.ts
var protocol = __webpack_require__(6720);
;// CONCATENATED MODULE: ./src/core/send/records.ts
function provider(driver, submission_state, external_ids = {}) {
    return { driver, submission_state, external_ids: { ...external_ids } };
}
function intentRecord(driver, attempt, external_ids) {
    return {
        state: 'dispatched',
        fields: { attempt, provider: provider(driver, 'not_submitted', external_ids) }
    };
}
/** `ambiguous` needs no record when the attempt is already recorded ambiguous. */
function sendRecord(driver, outcome, current) {
    // No attempt field: the append gives a submission update or a failure the head's attempt.
    switch (outcome.kind) {
        case 'submitted':
            return {
                state: 'dispatched',
                fields: { provider: provider(driver, 'submitted', outcome.external_ids) }
            };
        case 'refused':
            return {
                state: 'attempt_failed',
                fields: { provider: provider(driver, 'definite_failure'), failure: outcome.failure }
            };
        case 'preempted':
            // Nothing went out: there is nothing to record.
            return null;
        case 'ambiguous':
            if (current === 'ambiguous')
                return null;
            return {
                state: 'dispatched',
                fields: { provider: provider(driver, 'ambiguous'), note: clip(outcome.reason) }
            };
    }
}
/** The provider demonstrably has nothing for the attempt (a lookup answered `absent`). */
function absentRecord(driver, reason) {
    return {
        state: 'attempt_failed',
        fields: {
            provider: provider(driver, 'definite_failure'),
            failure: {
                code: 'provider_has_nothing',
                classification: 'recovery_required',
                retryable: true
            },
            note: clip(reason)
        }
    };
}
function clip(text) {
    return text.length > 4096 ? `${text.slice(0, 4093)}...` : text;
}

;// CONCATENATED MODULE: ./src/providers/driver.ts

/** The call a driver gets for `attempt` of the run in `state`. */
function attemptCall(state, attempt) {
    return {
        dispatch_key: state.dispatch_key,
        run_id: state.run_id,
        attempt,
        idempotency_key: idempotencyKey(state.run_id, attempt)
    };
}

// EXTERNAL MODULE: ./src/core/dispatchKey.ts
var dispatchKey = __webpack_require__(3086);
// EXTERNAL MODULE: ./src/core/time.ts
var time = __webpack_require__(2334);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/validate.ts
var validate = __webpack_require__(993);
// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 3 modules
var exec = __webpack_require__(7187);
// EXTERNAL MODULE: ./node_modules/@actions/io/lib/io.js
var io = __webpack_require__(8701);
;// CONCATENATED MODULE: ./src/core/send/outcome.ts
/** Statuses GitHub documents as a definite "no" for workflow_dispatch: nothing was created. */
const DEFINITE_REFUSALS = new Set([400, 401, 403, 404, 422]);
function classifyWorkflowDispatch(answer) {
    if ('error' in answer)
        return { kind: 'ambiguous', reason: `no answer from the API (${answer.error})` };
    const { status, body } = answer;
    if (status === 200) {
        const details = isRecord(body) ? body : {};
        const ids = {};
        const runId = details['workflow_run_id'];
        if (typeof runId === 'number' || (typeof runId === 'string' && /^\d+$/.test(runId)))
            ids['workflow_run_id'] = String(runId);
        if (typeof details['html_url'] === 'string')
            ids['html_url'] = details['html_url'];
        return { kind: 'submitted', external_ids: ids };
    }
    if (status === 204)
        return { kind: 'submitted', external_ids: {} };
    if (DEFINITE_REFUSALS.has(status)) {
        const why = status === 403
            ? 'the token may not dispatch workflows: give the job `permissions: actions: write` ' +
                '(or a token that has it)'
            : status === 404
                ? 'the workflow or repository was not found: check the workflow input (a file in ' +
                    '.github/workflows) and that the token can see the repository'
                : status === 401
                    ? 'the token was not accepted: check the token input'
                    : 'GitHub rejected the request: check the workflow, ref and inputs (the workflow ' +
                        'must declare every input and have a workflow_dispatch trigger)';
        return {
            kind: 'refused',
            failure: { code: `http_${status}`, classification: 'provider', retryable: false },
            message: `The dispatch was refused with HTTP ${status}: ${why}.`
        };
    }
    // 5xx, 429 and the rest: GitHub may have created the run before it failed to answer.
    return { kind: 'ambiguous', reason: `HTTP ${status}: the API may have created the run` };
}
const EXIT_RETRYABLE = 75; // EX_TEMPFAIL
const EXIT_NOT_RETRYABLE = 78; // EX_CONFIG
function classifyCommandSend(run) {
    if (run.timedOut)
        return { kind: 'ambiguous', reason: 'the command timed out (timeout-seconds)' };
    switch (run.exitCode) {
        case 0:
            return { kind: 'submitted', external_ids: lastLineIds(run.stdout) ?? {} };
        case EXIT_RETRYABLE:
        case EXIT_NOT_RETRYABLE: {
            const retryable = run.exitCode === EXIT_RETRYABLE;
            return {
                kind: 'refused',
                failure: { code: `exit_${run.exitCode}`, classification: 'provider', retryable },
                message: `The run command exited ${run.exitCode}: the provider definitely refused ` +
                    (retryable ? '(retryable: a later dispatch starts a new attempt).' : '(not retryable).')
            };
        }
        default:
            return {
                kind: 'ambiguous',
                reason: run.exitCode === null
                    ? 'the command was killed by a signal'
                    : `the command exited ${run.exitCode}, which says neither sent nor refused`
            };
    }
}
function classifyCommandLookup(run) {
    if (run.timedOut)
        return { kind: 'unknown', reason: 'the lookup command timed out' };
    if (run.exitCode === 0) {
        const ids = lastLineIds(run.stdout);
        if (ids)
            return { kind: 'found', external_ids: ids };
        return {
            kind: 'unknown',
            reason: 'the lookup exited 0 without a JSON object of strings on its last line'
        };
    }
    if (run.exitCode === 1)
        return { kind: 'absent', reason: 'the lookup exited 1: the provider has nothing' };
    return {
        kind: 'unknown',
        reason: run.exitCode === null
            ? 'the lookup was killed by a signal'
            : `the lookup exited ${run.exitCode}`
    };
}
/** The last non-empty stdout line, when it is a JSON object whose values are all strings. */
function lastLineIds(stdout) {
    const line = stdout.trimEnd().split('\n').pop()?.trim() ?? '';
    // A line that starts with `{` and parses is a JSON object: never null, never an array.
    if (!line.startsWith('{'))
        return null;
    let value;
    try {
        value = JSON.parse(line);
    }
    catch {
        return null;
    }
    const entries = Object.entries(value);
    if (!entries.every(([, v]) => typeof v === 'string'))
        return null;
    // A fresh object with own properties only: `__proto__` stays a plain key.
    const ids = Object.create(null);
    for (const [k, v] of entries)
        ids[k] = v;
    return { ...ids };
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/providers/command.ts
/**
 * Driver `command` (docs/design/dispatch.md#command-driver): the workflow author's own shell
 * command sends the work, and an optional `lookup` command finds it again. Both run through
 * @actions/exec as `bash -eo pipefail -c <text>`: the text is the author's (like a `run:`
 * step), and every value that comes from the event or the ledger reaches it only through the
 * environment.
 */



/** Seconds `timeout` waits after SIGTERM before it sends SIGKILL. */
const KILL_AFTER_SECONDS = 5;
class CommandDriver {
    options;
    name = 'command';
    fenced;
    /** The ledger record is appended apart from the command's work. */
    commitsWithRecord = false;
    constructor(options) {
        this.options = options;
        this.fenced = options.fenced;
    }
    intentIds() {
        return {};
    }
    async send(call) {
        return classifyCommandSend(await this.runScript(this.options.run, call, {}));
    }
    async lookup(call, recorded) {
        if (!this.options.lookup)
            return { kind: 'unknown', reason: 'no lookup command is configured (the lookup input)' };
        const ids = { DISPATCH_EXTERNAL_IDS: JSON.stringify(recorded) };
        return classifyCommandLookup(await this.runScript(this.options.lookup, call, ids));
    }
    async runScript(script, call, extra) {
        const env = childEnv(this.options.env, {
            DISPATCH_KEY: call.dispatch_key,
            DISPATCH_RUN_ID: call.run_id,
            DISPATCH_ATTEMPT: String(call.attempt),
            DISPATCH_IDEMPOTENCY_KEY: call.idempotency_key,
            ...extra
        });
        const bash = ['bash', '-eo', 'pipefail', '-c', script];
        // coreutils `timeout` kills the command's whole process group, which @actions/exec
        // cannot do (it hides the child). Where it is missing, we stop waiting instead.
        const timeoutTool = await io/* which */.K7('timeout', false);
        const seconds = this.options.timeoutSeconds;
        const [tool, ...args] = timeoutTool
            ? [timeoutTool, '-k', String(KILL_AFTER_SECONDS), String(seconds), ...bash]
            : bash;
        const started = Date.now();
        const running = exec/* getExecOutput */.H(tool, args, {
            cwd: this.options.cwd,
            env,
            ignoreReturnCode: true,
            outStream: this.options.outStream
        });
        const result = timeoutTool
            ? await running
            : await Promise.race([running, expiry(seconds + KILL_AFTER_SECONDS)]);
        if (result === null)
            return { exitCode: null, timedOut: true, stdout: '' };
        const elapsed = (Date.now() - started) / 1000;
        // 124: timeout's TERM worked; 137: it had to KILL. Only then, and only late, is it ours.
        const timedOut = timeoutTool !== '' && [124, 137].includes(result.exitCode) && elapsed >= seconds;
        return { exitCode: signalled(result.exitCode), timedOut, stdout: result.stdout };
    }
}
/** `timeout` reports a command killed by signal N as 128 + N, as bash does. */
function signalled(exitCode) {
    return exitCode > 128 && exitCode < 160 ? null : exitCode;
}
function expiry(seconds) {
    return new Promise(resolve => setTimeout(() => resolve(null), seconds * 1000).unref());
}
/** The step's environment without the action's inputs, plus the dispatch variables. */
function childEnv(env, dispatch) {
    const out = {};
    for (const [name, value] of Object.entries(env))
        if (value !== undefined && !name.startsWith('INPUT_'))
            out[name] = value;
    return { ...out, ...dispatch };
}

;// CONCATENATED MODULE: ./src/providers/workflow.ts
/**
 * Driver `workflow` (docs/design/dispatch.md#workflow-driver): GitHub `workflow_dispatch` to a
 * fenced receiver. The receiver admits its own event first (key
 * `v1/workflow_dispatch/<repo id>/<workflow>/<dispatch_key>`) and works only when it owns that
 * key, so a second run for one dispatch does nothing. The coordinator derives the receiver's
 * key with the receiver's own derivation (core/dispatchKey) and finds the receiver's admission
 * at the arbiter to learn whether the dispatch arrived.
 */




class WorkflowDriver {
    options;
    name = 'workflow';
    /** The receiver admits before it works: a second run for one dispatch does nothing. */
    fenced = true;
    /** The ledger record is appended apart from the dispatch. */
    commitsWithRecord = false;
    file;
    constructor(options) {
        this.options = options;
        this.file = workflowFile(options.workflow);
    }
    /** What the receiver's `inputs.dispatch_key` is for an attempt. */
    inputsFor(call) {
        return { ...this.options.inputs, dispatch_key: call.idempotency_key };
    }
    /** The key the receiver derives from its workflow_dispatch event, by its own rule. */
    receiverKey(call) {
        return (0,dispatchKey/* deriveDispatch */.Qj)({
            eventName: 'workflow_dispatch',
            payload: {
                repository: { id: this.options.repositoryId },
                workflow: `.github/workflows/${this.file}`,
                inputs: this.inputsFor(call)
            }
        }).dispatch_key;
    }
    intentIds(call) {
        return { [core_receiver/* RECEIVER_KEY */.Qt]: this.receiverKey(call) };
    }
    /**
     * The run an accepted send returns is only a candidate: another run of the same attempt may
     * win the receiver admission, so the ledger names the receiver once one has admitted.
     */
    async send(call, recorded) {
        const answer = await this.options.api.dispatchWorkflow({
            workflow: this.file,
            ref: this.options.ref,
            inputs: this.inputsFor(call)
        });
        const outcome = classifyWorkflowDispatch(answer);
        if (outcome.kind !== 'submitted')
            return outcome;
        return { kind: 'submitted', external_ids: (0,core_receiver/* candidateIds */.Ky)(recorded, outcome.external_ids) };
    }
    /** Found when a receiver admitted the attempt's key: it is the run that works. */
    async lookup(call, recorded) {
        const key = recorded[core_receiver/* RECEIVER_KEY */.Qt] ?? this.receiverKey(call);
        const receiver = await this.options.findReceiver(key);
        if (receiver === null)
            return {
                kind: 'unknown',
                reason: `no receiver has admitted ${key} yet (it may still be queued)`
            };
        return { kind: 'found', external_ids: (0,core_receiver/* confirmedIds */.UJ)(receiver, this.options.runUrl) };
    }
}
/** `receiver.yml` or `.github/workflows/receiver.yml` → `receiver.yml`. */
function workflowFile(workflow) {
    const file = workflow.startsWith('.github/workflows/')
        ? workflow.slice('.github/workflows/'.length)
        : workflow;
    if (!/^[A-Za-z0-9_.-]+\.ya?ml$/.test(file) || file.startsWith('.'))
        throw new errors/* InvalidInput */.o9(`The workflow input ${JSON.stringify(workflow)} is not a workflow file. Name a file in ` +
            '.github/workflows, for example workflow: receiver.yml (the receiver key is derived ' +
            'from its path, so a numeric workflow id cannot be used).');
    return file;
}

// EXTERNAL MODULE: ./src/commands/receiver.ts
var receiver = __webpack_require__(6681);
;// CONCATENATED MODULE: ./src/commands/dispatchDriver.ts





function buildDriver(options, context, deps) {
    if (options.kind === 'command')
        return commandDriver(options);
    if (options.kind !== 'workflow')
        throw new errors/* InvalidInput */.o9('command: dispatch needs the driver input: workflow (GitHub workflow_dispatch to a fenced ' +
            'receiver) or command (your own shell command).');
    return workflowDriver(options, context, deps);
}
function commandDriver(options) {
    if (!options.run)
        throw new errors/* InvalidInput */.o9('driver: command needs the run input: the shell command that sends the work (it gets ' +
            'DISPATCH_KEY, DISPATCH_RUN_ID, DISPATCH_ATTEMPT and DISPATCH_IDEMPOTENCY_KEY in its environment).');
    return new CommandDriver({
        run: options.run,
        lookup: options.lookup ?? '',
        fenced: options.fenced ?? false,
        timeoutSeconds: options.timeoutSeconds,
        cwd: options.cwd,
        env: options.env,
        ...(options.outStream ? { outStream: options.outStream } : {})
    });
}
function workflowDriver(options, context, { store, github }) {
    if (!options.workflow)
        throw new errors/* InvalidInput */.o9('driver: workflow needs the workflow input: the receiver workflow file, for example receiver.yml.');
    const file = workflowFile(options.workflow);
    const workflowInputs = parseWorkflowInputs(options.inputs ?? '');
    if (!github?.hasToken)
        throw new errors/* InvalidInput */.o9('driver: workflow needs a token (the token input, default the job token) with `permissions: actions: write`.');
    // Checked here: a repository that is not owner/name fails before anything is written.
    void github.repositoryName;
    const ref = options.ref || options.env.GITHUB_REF || '';
    if (!ref)
        throw new errors/* InvalidInput */.o9('Set the ref input (or GITHUB_REF): the ref to dispatch on.');
    const namespace = context.namespace;
    return new WorkflowDriver({
        api: github,
        workflow: file,
        ref,
        inputs: workflowInputs,
        repositoryId: repositoryId(options.env, context.event),
        findReceiver: key => (0,receiver/* findReceiver */.rg)(store, namespace, key),
        runUrl: github.runUrl
    });
}
function parseWorkflowInputs(text) {
    if (!text)
        return {};
    const value = (0,validate/* parseJsonInput */.ou)(text, 'inputs');
    if (typeof value !== 'object' ||
        value === null ||
        Array.isArray(value) ||
        !Object.values(value).every(v => typeof v === 'string'))
        throw new errors/* InvalidInput */.o9('The inputs input must be a JSON object of strings, for example {"issue": "42"}: ' +
            'workflow_dispatch inputs are strings.');
    if (Object.hasOwn(value, 'dispatch_key'))
        throw new errors/* InvalidInput */.o9('The inputs input may not set dispatch_key: the action sets it to <run id>/a<attempt>, ' +
            'the key the receiver admits. Remove it.');
    return { ...value };
}
/** The id the receiver's event carries as repository.id. */
function repositoryId(env, event) {
    const fromEnv = Number(env.GITHUB_REPOSITORY_ID);
    if (Number.isSafeInteger(fromEnv) && fromEnv > 0)
        return fromEnv;
    const payload = event?.payload;
    const fromEvent = payload?.repository?.id;
    if (typeof fromEvent === 'number' && Number.isSafeInteger(fromEvent) && fromEvent > 0)
        return fromEvent;
    throw new errors/* InvalidInput */.o9('The repository id is unknown (GITHUB_REPOSITORY_ID is not set and the event has no ' +
        'repository.id); it is part of the receiver key. Run inside a workflow.');
}

// EXTERNAL MODULE: ./src/commands/record.ts
var commands_record = __webpack_require__(3141);
// EXTERNAL MODULE: ./src/commands/admit.ts
var admit = __webpack_require__(4579);
// EXTERNAL MODULE: ./src/commands/readRun.ts
var readRun = __webpack_require__(987);
// EXTERNAL MODULE: ./src/core/nextRunRecord.ts
var nextRunRecord = __webpack_require__(7256);
// EXTERNAL MODULE: ./src/commands/runView.ts
var runView = __webpack_require__(3906);
// EXTERNAL MODULE: ./src/commands/selectRun.ts
var selectRun = __webpack_require__(4739);
// EXTERNAL MODULE: ./src/core/observation.ts
var observation = __webpack_require__(7305);
// EXTERNAL MODULE: ./src/core/occurrence.ts
var occurrence = __webpack_require__(2982);
// EXTERNAL MODULE: ./src/commands/observe.ts
var observe = __webpack_require__(8558);
;// CONCATENATED MODULE: ./src/commands/relabel.ts
/**
 * What a later event for a key finds (docs/design/lifecycle.md): its run looked at before the
 * event is decided — a receiver still working makes the event a duplicate naming it, a
 * concluded one is recorded first (the on-demand observer, a command driver's lookup) — and
 * whether the event retries a failed run or only meets another workflow run's.
 */





/**
 * The on-demand observer: a run still waiting on its receiver is looked up with one REST read
 * (one per run an unconfirmed attempt was sent as, usually one); a concluded one is recorded
 * (the same records every observer writes) before this event is decided, so the event meets
 * the run as it really is — a receiver that died before admitting included.
 */
async function relabelOf(found, options, deps, driver) {
    const state = found.view.state;
    if (found.view.plan.action === 'observe_provider' && driver.name === 'command')
        return commandRelabel(found, options, deps, driver);
    const github = deps.github;
    if (found.view.plan.action !== 'observe_provider' || !github?.hasToken)
        return { kind: 'as_is' };
    const watched = await (0,observe/* watchRun */.vt)(github, state, found.ledger_ref);
    if (watched === null)
        return { kind: 'as_is' };
    const awaited = (0,observation/* awaitedReceiver */.fD)(state);
    const named = (id) => github.runUrl?.(id) ?? id;
    const duplicate = (url, why) => ({
        kind: 'working',
        message: `Run ${state.run_id} is still working: its receiver ${url} ${why}. ` +
            'This event is a duplicate of it; nothing was sent.'
    });
    if (watched.kind === 'unknown') {
        const id = awaited?.workflow_run_id ?? (0,observation/* watchedRuns */.BZ)(state)[0] ?? '';
        return duplicate(awaited?.html_url ?? named(id), `could not be looked up (${watched.reason})`);
    }
    if (watched.kind === 'working')
        return watched.confirmed
            ? duplicate(awaited?.html_url ?? watched.run.html_url, 'has not concluded')
            : duplicate(watched.run.html_url || named(watched.run.id), 'has not admitted yet');
    await (0,observe/* recordObservations */.vy)(deps.store, [watched.sighting], {
        namespace: options.namespace,
        onSuccess: options.onSuccess ?? 'decide',
        writer: options.writer,
        actor: options.event ? (0,dispatchKey/* actorFrom */.M2)(options.event.payload) : null
    });
    return { kind: 'observed' };
}
/**
 * The on-demand observer for driver `command` (docs/design/lifecycle.md#driver-command): the
 * `lookup` command is run once for the accepted attempt; a `conclusion` it prints is recorded
 * as a receiver's would be, before this event is decided. Without one the work is taken to go
 * on, and the event is a duplicate that says how such a run ends.
 */
async function commandRelabel(found, options, deps, driver) {
    const state = found.view.state;
    const attempt = (0,observation/* commandAttempt */.zE)(state);
    if (attempt === null)
        return { kind: 'as_is' };
    const lookup = await driver.lookup(attemptCall(state, attempt.number), attempt.external_ids);
    const recorded = lookup.kind === 'found'
        ? await (0,observe/* recordLookupEnd */.LK)(deps.store, found.ledger_ref, lookup.external_ids, {
            namespace: options.namespace,
            onSuccess: options.onSuccess ?? 'decide',
            writer: options.writer,
            actor: options.event ? (0,dispatchKey/* actorFrom */.M2)(options.event.payload) : null,
            now: deps.clock.now()
        })
        : null;
    if (recorded)
        return { kind: 'observed' };
    const said = lookup.kind === 'found'
        ? 'its lookup reported no conclusion'
        : `its lookup said ${lookup.kind}: ${lookup.reason}`;
    return {
        kind: 'working',
        message: `Run ${state.run_id} is still working: attempt ${attempt.number} was accepted and ${said}. ` +
            'This event is a duplicate of it; nothing was sent. A command-driver run ends when its ' +
            'lookup prints "conclusion" (success or failure), a record step ends it, or an operator ' +
            'does (/ledger cancel).'
    };
}
/**
 * A later event retries a failed run (docs/design/lifecycle.md#after-a-failure): selected from
 * the event, the run's attempt failed retryably, reuse is not never, and the event happened
 * after the failure was recorded (a redelivery of an earlier event carries its earlier time).
 */
function retries(selected, options) {
    if (selected.selected_by !== 'event' || selected.view.plan.action !== 'retry_attempt')
        return false;
    if ((options.reuse ?? 'after-terminal') === 'never' || !options.event)
        return false;
    const happened = (0,occurrence/* occurrenceTime */.v)(options.event.name, options.event.payload);
    const failed = selected.chain[selected.chain.length - 1]?.value.occurred_at;
    return happened !== null && failed !== undefined && Date.parse(happened) > Date.parse(failed);
}
function notOwnerMessage(state, selected) {
    if (selected.selected_by === 'event' && state.terminal)
        return (`Run ${state.run_id} of this key has ended (${state.state}), and this event does not open ` +
            'its next generation (it did not happen after the run ended, or reuse does not allow it); ' +
            'nothing was sent.');
    if (selected.selected_by === 'event' && selected.view.plan.action === 'retry_attempt')
        return (`Run ${state.run_id}'s attempt failed; this event did not happen after that failure (or ` +
            'reuse is never), so it is a duplicate and sends nothing. A later event, `/ledger retry`, ' +
            'or dispatch with run-id tries again.');
    return (`Run ${state.run_id} belongs to another workflow run; this one sends nothing. ` +
        'Set run-id (or dispatch-key) to act on it deliberately, as a recovery job does.');
}

;// CONCATENATED MODULE: ./src/commands/dispatch.ts
/**
 * `command: dispatch` (docs/design/dispatch.md#what-dispatch-does): it reads the run, plans
 * it, and acts on the plan with a driver through the one send protocol: intent durable before
 * the send, the outcome recorded after it, an ambiguous outcome reconciled once, and the one
 * fenced re-send.
 * Every ledger write is a compare-and-set append. A lost race is re-read and re-planned within
 * the step (a few times at most), as a re-run would: another writer (the receiver confirming
 * itself, a cancel) may append between this step's read and its write.
 */


















/** Bounds the loop: a send, a reconcile, a failed attempt and the next send fit well within. */
const MAX_MOVES = 8;
/** Lost races a step re-reads and re-plans after, before it fails (re-plan by a later step). */
const MAX_REREADS = 2;
async function dispatch(options, deps) {
    const driver = buildDriver(options.driver, options, deps);
    const writer = {
        store: deps.store,
        trigger: (0,dispatchKey/* triggerFor */.AC)(options.event?.name ?? ''),
        actor: options.event ? (0,dispatchKey/* actorFrom */.M2)(options.event.payload) : null,
        writer: options.writer,
        now: () => (0,time/* timestampOf */.U_)(deps.clock.now()),
        driver: driver.name
    };
    const step = (run) => new DispatchStep(run, driver, options.onBoundary ?? (() => { }));
    const fromEvent = !options.run_id && !options.dispatch_key;
    let found = await (0,selectRun/* selectRun */.S3)(deps.store, options).catch((error) => {
        // Selected from the event and not admitted yet: this step admits it itself (one step).
        if (error instanceof readRun/* NotAdmitted */.ac && fromEvent)
            return null;
        throw error;
    });
    // A later event for a key already admitted (a label added again): the run's receiver is
    // looked up first, so a relabel is never lost to an observer that has not run yet.
    let relabel = null;
    if (found && fromEvent && !found.owner) {
        relabel = await relabelOf(found, options, deps, driver);
        if (relabel.kind === 'observed')
            found = await (0,selectRun/* selectRun */.S3)(deps.store, options);
        if (relabel.kind === 'working')
            return new RunLedger(writer, found.ledger_ref, found.chain, false, {
                created: false,
                generation: found.generation
            }).result('nothing', null, relabel.message);
    }
    // An ended run: this event may open the key's next generation, admitted with its intent.
    const opens = found === null || (fromEvent && found.view.state.terminal);
    const admitted = opens ? await admitWithIntent(options, deps, writer, driver) : null;
    if (admitted) {
        const run = new RunLedger(writer, admitted.ledger_ref, admitted.chain, true, {
            created: true,
            generation: admitted.generation
        });
        const first = step(run);
        const attempt = run.state.attempts[0];
        return ((await first
            .settledAfter({ number: attempt.number, reason: attempt.reason })
            .catch(async (error) => {
            if (!(error instanceof errors/* LostRace */.Sb))
                throw error;
            await run.reread(error);
            return null;
        })) ?? dispatch_protocol(run, first));
    }
    // Another arrival admitted the key first: go on as any step that finds it admitted.
    const selected = found ?? (await (0,selectRun/* selectRun */.S3)(deps.store, options));
    const run = new RunLedger(writer, selected.ledger_ref, selected.chain, selected.owner, {
        created: false,
        generation: selected.generation
    });
    if (!(0,selectRun/* mayAct */.qb)(selected) && !retries(selected, options))
        return run.result('not_owner', null, notOwnerMessage(run.state, selected));
    return dispatch_protocol(run, step(run));
}
async function dispatch_protocol(run, step) {
    let rereads = 0;
    for (let move = 0; move < MAX_MOVES; move++) {
        let done;
        try {
            done = await step.take(dispatchMove(run.state, run.plan));
        }
        catch (error) {
            // Nothing is sent on a guess: the next move is planned from the chain as it is now (a
            // send already made is counted in run.sends and looked up, never repeated blindly).
            if (!(error instanceof errors/* LostRace */.Sb) || rereads++ >= MAX_REREADS)
                throw error;
            await run.reread(error);
            continue;
        }
        if (done)
            return done;
    }
    return run.result('unresolved', null, 'The dispatch did not settle; a later dispatch re-plans.');
}
/**
 * One-step dispatch (docs/design/dispatch.md#one-step): the admission, the first record and the
 * intent of attempt 1 in ONE create-only write, so the quick start is one step and one push
 * before the send. Null when another arrival admitted the key first (nothing was written).
 */
async function admitWithIntent(options, deps, writer, driver) {
    options.onBoundary?.('before-intent');
    const outcome = await (0,admit/* admitCommand */.Py)({
        namespace: options.namespace,
        event: options.event,
        request: options.request,
        reuse: options.reuse,
        writer: options.writer,
        follow: chain => [intentAfter(chain, writer, driver)]
    }, deps);
    if (outcome.conflict)
        throw outcome.conflict;
    const result = outcome.result;
    if (!result?.created || result.chain === null)
        return null;
    options.onBoundary?.('after-intent');
    return {
        ledger_ref: result.admission.ledger_ref,
        chain: result.chain,
        generation: result.admission.generation
    };
}
/** The intent of the run's first attempt, after its first record. */
function intentAfter(chain, writer, driver) {
    const state = (0,runView/* verifiedState */.SP)(chain);
    const move = dispatchMove(state, (0,planRecovery/* planRecovery */.lA)(state));
    if (move.kind !== 'send')
        throw new errors/* StoreError */.AD(`A new run cannot be sent: ${state.state}.`);
    const intent = intentRecord(driver.name, move.attempt, driver.intentIds(attemptCall(state, move.attempt.number)));
    const next = (0,nextRunRecord/* nextRunRecord */.e)(chain, state, {
        ...intent,
        occurred_at: writer.now(),
        trigger: writer.trigger,
        actor: writer.actor,
        writer: writer.writer
    });
    if ('duplicate' in next)
        throw new errors/* StoreError */.AD('A new run already holds its intent.');
    return next.record;
}
/**
 * One step's moves through the one send protocol (core/send/protocol.ts): the intent durable
 * before each send, the outcome recorded after it, an unclear outcome looked up once.
 */
class DispatchStep {
    run;
    driver;
    boundary;
    constructor(run, driver, boundary) {
        this.run = run;
        this.driver = driver;
        this.boundary = boundary;
    }
    /** Acts on one move; null when the step goes on (re-planned from what it recorded). */
    async take(next) {
        const run = this.run;
        switch (next.kind) {
            case 'nothing':
                return run.result('nothing', null, next.reason);
            case 'observe': {
                const confirmed = await dispatch_confirm(run, this.driver);
                return run.result('observed', next.attempt, `Attempt ${next.attempt} was accepted earlier; nothing was sent.${confirmed} ${run.plan.reason}`);
            }
            case 'send':
                if ((0,protocol/* sendsLeft */.nR)(run.sends) <= 0)
                    return run.result('failed', next.attempt.number, 'This step already sent twice; a later dispatch goes on.');
                return this.settled(await this.send(next.attempt, null), next.attempt.number);
            case 'reconcile':
                return this.reconcile(next.attempt);
        }
    }
    async send(attempt, note) {
        const { run, driver } = this;
        const call = attemptCall(run.state, attempt.number);
        this.boundary('before-intent');
        const intent = intentRecord(driver.name, attempt, driver.intentIds(call));
        await run.append(note ? { ...intent, fields: { ...intent.fields, note } } : intent);
        this.boundary('after-intent');
        return this.sendRecorded(attempt);
    }
    /** The send of an attempt whose intent is durable, then its outcome recorded. */
    async sendRecorded(attempt) {
        const { run, driver } = this;
        run.sends++;
        const outcome = await driver.send(attemptCall(run.state, attempt.number), run.externalIds(attempt.number));
        this.boundary('after-send');
        const record = sendRecord(driver.name, outcome, run.submission(attempt.number));
        if (record)
            await run.appendUnlessSettled(record, { attempt: attempt.number, by: 'submitted' });
        this.boundary('after-outcome');
        return outcome;
    }
    /** One-step dispatch: the intent came with the admission; send, record, settle. */
    async settledAfter(attempt) {
        return this.settled(await this.sendRecorded(attempt), attempt.number);
    }
    /** The result of a send, or null when it must be looked up (a run's refusal is final). */
    settled(outcome, attempt) {
        switch ((0,protocol/* afterSend */.ju)(outcome, this.driver, true)) {
            case 'committed':
            case 'record':
                return this.run.result('submitted', attempt, `Attempt ${attempt} was sent and accepted.`);
            case 'fail':
            case 'stop':
                return this.run.result('failed', attempt, reasonOf(outcome));
            case 'lookup':
                return null;
        }
    }
    /** Looks the attempt up, adopts what the provider has, or settles what the lookup allows. */
    async reconcile(attempt) {
        const { run, driver } = this;
        const n = attempt.number;
        const lookup = await driver.lookup(attemptCall(run.state, n), run.externalIds(n));
        const left = (0,protocol/* sendsLeft */.nR)(run.sends, sendsStarted(run.records(), n));
        switch ((0,protocol/* afterLookup */.VD)(lookup, { fenced: driver.fenced, sendsLeft: left })) {
            case 'adopt':
                await run.appendUnlessSettled(adopted(driver, lookup), {
                    attempt: n,
                    by: 'submitted',
                    trigger: 'provider_observation'
                });
                return run.result('submitted', n, `The lookup found attempt ${n} at the provider; adopted, nothing sent again.`);
            case 'fail_and_retry':
                await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation');
                return null; // the plan is now retry_attempt: the next attempt is sent
            case 'fail_only':
                await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation');
                return run.result('failed', n, `The provider has nothing for attempt ${n}; this step may not send again, so a later dispatch starts the next attempt.`);
            case 'resend': {
                const outcome = await this.send(attempt, `fenced re-send of attempt ${n}: ${reasonOf(lookup)}`);
                return (this.settled(outcome, n) ??
                    run.result('unresolved', n, `The fenced re-send of attempt ${n} ended with an unknown outcome too (${reasonOf(outcome)}). A later dispatch reconciles again; nothing is guessed.`));
            }
            case 'unresolved':
            case 'conflict':
            case 'stop':
                return run.result('unresolved', n, unresolvedMessage(n, reasonOf(lookup), driver.fenced));
        }
    }
}
function unresolvedMessage(attempt, reason, fenced) {
    return (`Attempt ${attempt} may or may not be at the provider (${reason}), and ` +
        (fenced
            ? 'it was already sent twice. A later dispatch reconciles again, or an operator resolves it.'
            : 'the provider is not fenced, so it is not sent again. An operator must resolve it (look the work up and record what the provider has).'));
}
/** The record of what a lookup found: the attempt `submitted` with the provider's ids. */
function adopted(driver, lookup) {
    const ids = lookup.kind === 'found' ? lookup.external_ids : {};
    return sendRecord(driver.name, { kind: 'submitted', external_ids: ids }, null);
}
/**
 * An accepted attempt whose receiver is not confirmed yet: look it up, and when a receiver has
 * admitted, record the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
async function dispatch_confirm(run, driver) {
    const attempt = (0,core_receiver/* attemptToConfirm */.LN)(run.state);
    if (attempt === null)
        return '';
    const lookup = await driver.lookup(attemptCall(run.state, attempt.number), attempt.external_ids);
    if (lookup.kind !== 'found')
        return ' No receiver has admitted it yet.';
    await run.appendUnlessSettled(adopted(driver, lookup), {
        attempt: attempt.number,
        by: 'confirmed',
        trigger: 'provider_observation'
    });
    return ' Its receiver has admitted: the ledger now names that run.';
}
function reasonOf(outcome) {
    if (outcome.kind === 'refused')
        return outcome.message;
    return 'reason' in outcome && outcome.reason !== undefined ? outcome.reason : outcome.kind;
}
/** The run as this step sees it: the chain, its verified state and plan, kept current. */
class RunLedger {
    options;
    ledger_ref;
    owner;
    admitted;
    state;
    plan;
    sends = 0;
    chain;
    constructor(options, ledger_ref, chain, owner, admitted) {
        this.options = options;
        this.ledger_ref = ledger_ref;
        this.owner = owner;
        this.admitted = admitted;
        this.chain = chain;
        this.state = (0,runView/* verifiedState */.SP)(chain);
        this.plan = (0,planRecovery/* planRecovery */.lA)(this.state);
    }
    records() {
        return this.chain.map(entry => entry.value);
    }
    submission(attempt) {
        return this.state.attempts.find(a => a.number === attempt)?.submission_state ?? null;
    }
    externalIds(attempt) {
        return this.state.attempts.find(a => a.number === attempt)?.external_ids ?? {};
    }
    async append(record, trigger) {
        const result = await (0,commands_record/* appendRecord */.EB)(this.options.store, {
            ledger_ref: this.ledger_ref,
            state: record.state,
            fields: record.fields,
            occurred_at: this.options.now(),
            trigger: trigger ?? this.options.trigger,
            actor: this.options.actor,
            writer: this.options.writer
        }, this.chain);
        this.chain = result.chain;
        this.state = (0,runView/* verifiedState */.SP)(this.chain);
        this.plan = (0,planRecovery/* planRecovery */.lA)(this.state);
    }
    /** The chain read again from the arbiter after `lost`, and the run re-planned from it. */
    async reread(lost) {
        const chain = await this.options.store.read(reader => reader.readChain(this.ledger_ref, reconstruct/* RUN_CHAIN */.io, { refresh: true }));
        if (chain === null)
            throw lost;
        this.chain = chain;
        this.state = (0,runView/* verifiedState */.SP)(chain);
        this.plan = (0,planRecovery/* planRecovery */.lA)(this.state);
    }
    /**
     * A record about an attempt, unless another writer settled the attempt first: the
     * receiver's own confirmation (docs/design/dispatch.md#the-receiver-confirms-itself) can land
     * between this step's read and its write, so this compare-and-set then loses; re-read, the
     * attempt is already `submitted` (or confirmed) and names the run that works, and nothing
     * more is written. Any other lost race is rethrown: the step re-reads and re-plans (protocol).
     */
    async appendUnlessSettled(record, settled) {
        try {
            await this.append(record, settled.trigger);
        }
        catch (error) {
            if (!(error instanceof errors/* LostRace */.Sb))
                throw error;
            await this.reread(error);
            const now = this.state.attempts.find(a => a.number === settled.attempt);
            const done = this.state.state === 'dispatched' &&
                now?.submission_state === 'submitted' &&
                (settled.by === 'submitted' || (0,core_receiver/* isConfirmed */.it)(now));
            if (!done)
                throw error;
        }
    }
    result(outcome, attempt, message) {
        const at = attempt ?? this.state.current_attempt;
        const current = this.state.attempts.find(a => a.number === at);
        return {
            outcome,
            driver: this.options.driver,
            owner: this.owner,
            sends: this.sends,
            ledger_ref: this.ledger_ref,
            chain: this.chain,
            state: this.state,
            plan: this.plan,
            attempt: at,
            submission_state: current?.submission_state ?? null,
            external_ids: current?.external_ids ?? {},
            admitted: this.admitted,
            message
        };
    }
}

// EXTERNAL MODULE: ./src/action/failpoint.ts
var failpoint = __webpack_require__(4056);
// EXTERNAL MODULE: ./src/action/inputs.ts
var action_inputs = __webpack_require__(1729);
// EXTERNAL MODULE: ./src/commands/reporting.ts + 1 modules
var reporting = __webpack_require__(301);
// EXTERNAL MODULE: ./src/action/ledgerSummary.ts
var ledgerSummary = __webpack_require__(5565);
// EXTERNAL MODULE: ./src/action/report.ts
var report = __webpack_require__(1658);
// EXTERNAL MODULE: ./src/action/runReport.ts
var runReport = __webpack_require__(585);
;// CONCATENATED MODULE: ./src/action/dispatchStep.ts







/** docs/design/dispatch.md: select the run, plan it, act on the plan with the configured driver. */
async function dispatchStep(inputs, context) {
    const { event, env } = context;
    const result = await dispatch({
        namespace: inputs.namespace,
        run_id: inputs.runId,
        dispatch_key: inputs.dispatchKey,
        event,
        writer: context.writer,
        driver: {
            kind: inputs.driver,
            workflow: inputs.workflow,
            ref: inputs.ref,
            inputs: inputs.inputs,
            run: inputs.run,
            lookup: inputs.lookup,
            fenced: inputs.fenced === 'true',
            timeoutSeconds: Number(inputs.timeoutSeconds),
            cwd: inputs.repositoryPath || env.GITHUB_WORKSPACE || process.cwd(),
            env
        },
        onBoundary: (0,failpoint/* failpoint */.Z)(env),
        request: (0,action_inputs/* jsonInput */.$1)(inputs.request, 'request'),
        reuse: inputs.reuse,
        onSuccess: inputs.onSuccess
    }, context);
    return dispatchStep_report(result, context.store.name, inputs.namespace);
}
function dispatchStep_report(result, store, namespace) {
    const { state } = result;
    const ids = result.external_ids;
    const identity = {
        ...(0,runReport/* runIdentityOutputs */.oi)(state, result.ledger_ref, store),
        // admit's outputs: this step may have admitted the run itself (one-step dispatch).
        created: (0,report/* flag */.J)(result.admitted.created),
        recorded: (0,report/* flag */.J)(result.admitted.created),
        admission_ref: (0,reporting/* admissionRef */.Rp)(namespace, state.dispatch_key),
        generation: String(result.admitted.generation),
        conflict: 'false'
    };
    const dispatchOutputs = {
        sent: (0,report/* flag */.J)(result.sends > 0),
        submission_state: result.submission_state ?? '',
        external_ids: JSON.stringify(ids),
        // Set only once a receiver admitted: a run a send returned is a candidate until then.
        workflow_run_id: ids['workflow_run_id'] ?? '',
        workflow_run_url: ids['html_url'] ?? ''
    };
    if (result.outcome === 'not_owner')
        return {
            outputs: {
                ...identity,
                ...(0,runReport/* notOwnedOutputs */.pz)(state.run_id),
                owner: 'false',
                sent: 'false',
                submission_state: '',
                external_ids: '{}',
                workflow_run_id: '',
                workflow_run_url: '',
                receiver_confirmed: ''
            },
            summary: {
                title: 'dispatch-ledger: dispatch — not this workflow run’s',
                meaning: result.message,
                rows: [
                    ['run id', state.run_id],
                    ['store', store]
                ]
            }
        };
    const view = { state, plan: result.plan };
    const failure = result.outcome === 'failed' || result.outcome === 'unresolved' ? result.message : undefined;
    return {
        outputs: { ...identity, owner: (0,report/* flag */.J)(result.owner), ...(0,runReport/* runOutputs */.MR)(view), ...dispatchOutputs },
        summary: {
            title: `dispatch-ledger: dispatch — ${result.outcome}`,
            meaning: result.message,
            rows: [
                ['run id', state.run_id],
                ['driver', result.driver],
                ['requests sent by this step', String(result.sends)],
                ['attempt', result.attempt === null ? '' : String(result.attempt)],
                ['submission', result.submission_state ?? ''],
                ...Object.entries(ids).map(([name, value]) => [`external id ${name}`, value]),
                ['store', store],
                ...(0,runReport/* runRows */.TO)(view)
            ],
            extra: (0,ledgerSummary/* ledgerMarkdown */.n)(result.chain, state.terminal)
        },
        failure
    };
}
/**
 * A fault-injection point for the crash tests: DISPATCH_LEDGER_TEST_KILL_AT names a step
 * boundary at which the process kills itself with SIGKILL, as a lost runner would. Unset in
 * real use; it can only stop this step's own process.
 */


/***/ }),

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

/***/ 5565:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ ledgerMarkdown)
/* harmony export */ });
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(301);

/** The run's records as a table and its path through the state machine as a mermaid diagram. */
function ledgerMarkdown(chain, terminal) {
    const rows = chain.map(({ value: r }) => [
        String(r.ledger_sequence),
        r.state,
        r.occurred_at,
        r.attempt ? `${r.attempt.number} (${r.attempt.reason})` : '',
        r.provider ? r.provider.submission_state : '',
        r.failure ? `${r.failure.code}${r.failure.retryable ? ' (retryable)' : ''}` : '',
        r.decision ? `${r.decision.outcome} by ${r.decision.by}` : '',
        r.idempotency.input_key ?? '',
        r.trigger
    ].map(cell => (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__/* .inertText */ .UJ)(cell.length > 80 ? `${cell.slice(0, 77)}...` : cell)));
    const header = [
        'seq',
        'state',
        'at',
        'attempt',
        'submission',
        'failure',
        'decision',
        'input key',
        'trigger'
    ];
    const table = [
        `| ${header.join(' | ')} |`,
        `|${header.map(() => '---').join('|')}|`,
        ...rows.map(cells => `| ${cells.join(' | ')} |`)
    ].join('\n');
    // States are enum values, safe to print; edges carry the sequence that took them.
    const lines = ['stateDiagram-v2', `  [*] --> ${chain[0]?.value.state ?? 'unknown'}`];
    for (let i = 1; i < chain.length; i++)
        lines.push(`  ${chain[i - 1]?.value.state} --> ${chain[i]?.value.state} : ${i + 1}`);
    if (terminal)
        lines.push(`  ${chain[chain.length - 1]?.value.state} --> [*]`);
    return `\n#### Ledger\n\n${table}\n\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n`;
}


/***/ }),

/***/ 585:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B0: () => (/* binding */ selectedRunOutputs),
/* harmony export */   MR: () => (/* binding */ runOutputs),
/* harmony export */   TO: () => (/* binding */ runRows),
/* harmony export */   oi: () => (/* binding */ runIdentityOutputs),
/* harmony export */   pz: () => (/* binding */ notOwnedOutputs)
/* harmony export */ });
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(301);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1658);


/**
 * A workflow run that does not own the dispatch may do nothing with it: its plan must never
 * tell it to dispatch someone else's run, so it is `none`, whatever the owner's state.
 */
function notOwnedOutputs(ownerRunId) {
    return {
        ...runOutputs(null),
        recovery_action: 'none',
        recovery_reason: `Run ${ownerRunId}, admitted by another workflow run, owns this dispatch; this workflow run must not act on it.`,
        blind_resubmission_forbidden: 'true'
    };
}
/** Which run, which key, where it lives: the outputs every run-level command sets. */
function runIdentityOutputs(state, ledger_ref, store) {
    return {
        run_id: state.run_id,
        dispatch_key: state.dispatch_key,
        dispatch_key_hash: (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__/* .keyHash */ .aE)(state.dispatch_key),
        request_digest: state.request_digest,
        ledger_ref,
        store
    };
}
/** The identity, ownership and run outputs of a selected run (plan, record, dispatch). */
function selectedRunOutputs(selected, store) {
    return {
        ...runIdentityOutputs(selected.view.state, selected.ledger_ref, store),
        owner: (0,_report_js__WEBPACK_IMPORTED_MODULE_1__/* .flag */ .J)(selected.owner),
        ...runOutputs(selected.view)
    };
}
/** The run outputs of docs/design/keys.md; empty strings when there is no ledger to read. */
function runOutputs(view) {
    return {
        state: view?.state.state ?? '',
        terminal: view ? String(view.state.terminal) : '',
        sequence: view ? String(view.state.sequence) : '',
        recovery_action: view?.plan.action ?? '',
        recovery_reason: view?.plan.reason ?? '',
        blind_resubmission_forbidden: view ? String(view.plan.blind_resubmission_forbidden) : '',
        authority_required: view?.plan.authority_required ?? '',
        attempt: view?.state.current_attempt ? String(view.state.current_attempt) : '',
        receiver_confirmed: view ? receiverConfirmed(view.state) : ''
    };
}
/** The summary rows describing a run's state and plan. */
function runRows(view) {
    if (!view)
        return [['state', '(no ledger)']];
    return [
        ['state', `${view.state.state}${view.state.terminal ? ' (terminal)' : ''}`],
        ['sequence', String(view.state.sequence)],
        ['next action', view.plan.action],
        ['why', view.plan.reason]
    ];
}
/** `true`/`false` for an attempt sent to a fenced receiver (workflow driver); else empty. */
function receiverConfirmed(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    return current?.external_ids[_commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__/* .RECEIVER_CONFIRMED */ .qt] ?? '';
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


/***/ })

};
