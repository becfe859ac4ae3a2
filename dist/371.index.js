export const id = 371;
export const ids = [371];
export const modules = {

/***/ 5371:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   scanStep: () => (/* binding */ scanStep)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3360);
/* harmony import */ var _commands_scan_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(689);
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(301);



/**
 * For a scheduled sweep: every non-terminal run with its plan, every ledger that no admission
 * admits (an orphan: listed, with no next action), and every ledger that fails to verify.
 */
async function scanStep(inputs, context) {
    const { store } = context;
    const scanned = await (0,_commands_scan_js__WEBPACK_IMPORTED_MODULE_1__/* .scanRuns */ .s)({ namespace: inputs.namespace }, context);
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
    for (const run of orphans)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(run.orphan);
    for (const run of broken)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${run.ledger_ref}: ${run.error}`);
    const now = context.clock.now();
    const serverUrl = context.env.GITHUB_SERVER_URL;
    const listed = (run) => ({
        age: (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .age */ .KW)((0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .secondsSince */ .wv)(run.state.updated_at, now)),
        url: (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .workflowRunUrl */ .CX)(serverUrl, run.writer)
    });
    const seen = new Map(scanned.flatMap(run => ('writer' in run ? [[run.ledger_ref, listed(run)]] : [])));
    const table = scanTable(open, orphans, broken, ref => seen.get(ref) ?? { age: '', url: null });
    return {
        outputs: { runs: JSON.stringify([...open, ...orphans, ...broken]), store: store.name },
        summary: {
            title: 'dispatch-ledger: scan',
            meaning: `${count(scanned.length, 'run')} in ${inputs.namespace}; ${open.length} not terminal; ${count(orphans.length, 'orphan')} (no admission admits ${orphans.length === 1 ? 'it' : 'them'}: nothing acts on ${orphans.length === 1 ? 'it' : 'them'}); ${broken.length} ${broken.length === 1 ? 'does' : 'do'} not verify.`,
            rows: [
                ['namespace', inputs.namespace],
                ['store', store.name]
            ],
            extra: `\n${table}\n`
        }
    };
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
        return `${age} | ${url === null ? '' : (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .inertText */ .UJ)(url)} |`;
    };
    return [
        '| run id | dispatch key | state | seq | next action | gate | age | workflow run |',
        '|---|---|---|---|---|---|---|---|',
        ...open.map(run => `| ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .inertText */ .UJ)(run.run_id)} | ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .inertText */ .UJ)(run.dispatch_key)} | ${run.state} | ${run.sequence} | ${run.recovery_action} | ${run.authority_required ?? ''} | ${tail(run.ledger_ref)}`),
        ...orphans.map(run => `| ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .inertText */ .UJ)(run.run_id)} | ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .inertText */ .UJ)(run.dispatch_key)} | orphan (${run.state}) | ${run.sequence} | none | | ${tail(run.ledger_ref)}`),
        ...broken.map(run => `| ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .inertText */ .UJ)(run.ledger_ref)} | | does not verify | | ${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_2__/* .inertText */ .UJ)(run.error)} | | | |`)
    ].join('\n');
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
