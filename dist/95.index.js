export const id = 95;
export const ids = [95];
export const modules = {

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

/***/ 7095:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  operateStep: () => (/* binding */ operateStep)
});

// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/reconstruct.ts
var reconstruct = __webpack_require__(4461);
// EXTERNAL MODULE: ./src/store/journal.ts
var store_journal = __webpack_require__(634);
// EXTERNAL MODULE: ./src/core/time.ts
var time = __webpack_require__(2334);
// EXTERNAL MODULE: ./src/core/operator/authorize.ts
var authorize = __webpack_require__(3495);
// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var canonical = __webpack_require__(1649);
;// CONCATENATED MODULE: ./src/core/operator/grammar.ts
/**
 * docs/design/operators.md grammar: the first line of a comment, `<prefix> <verb> <run id> [args]`. Pure.
 *
 * Comment text is untrusted: it is parsed here into plain values (an enum verb, a checked
 * run id, bounded strings) and never reaches a shell, a git argument or markup raw.
 */
const OPERATOR_VERBS = [
    'approve',
    'deny',
    'cancel',
    'retry',
    'resolve',
    'resolve-effect',
    'status'
];
/** The verbs that write a record (everything except status and the effect verb). */
const WRITING_VERBS = (/* unused pure expression or super */ null && (['approve', 'deny', 'cancel', 'retry', 'resolve']));
/** Notes are stored in the record's note (at most 4096 characters, docs/design/storage.md). */
const MAX_NOTE = 4096;
const MAX_ID_BYTES = 1024;
const MAX_EXTERNAL_IDS = 32;
/** An external id's name: lower-case letters, digits and `_`, starting with a letter. */
const EXTERNAL_ID_NAME = /^[a-z][a-z0-9_]{0,63}$/;
/** An external id's value: printable ASCII without spaces, at most this many bytes. */
const MAX_EXTERNAL_ID_VALUE = 256;
const EXTERNAL_ID_VALUE = /^[\x21-\x7e]+$/;
/** C0, DEL, C1, U+2028, U+2029 (docs/design/writers.md): never part of a run id. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const USAGE = 'approve <run id> [note], deny <run id> [note], cancel <run id> [note], retry <run id> [note], ' +
    'resolve <run id> sent <name>=<value>…, resolve <run id> not-sent [note], status <run id>';
/** A prefix is one word without spaces, for example `/ledger`. */
function checkPrefix(prefix) {
    if (prefix.length === 0 || prefix.length > 64 || /\s/.test(prefix) || CONTROL.test(prefix))
        return 'the prefix must be one word of at most 64 characters without spaces, for example /ledger';
    return null;
}
/** The first line of a comment body (CRLF, LF or CR ends it). */
function firstLine(body) {
    return body.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/, 1)[0] ?? '';
}
/**
 * Any separator other than the ASCII space: tabs, no-break and other Unicode spaces, line
 * separators, and the invisible ones (zero-width space and joiners, word joiner, BOM). A
 * command's words are separated by ASCII spaces only, so one of these inside a word makes
 * the comment malformed rather than a different command.
 */
const NOT_AN_ASCII_SPACE = /[\s\p{Z}\u180e\u200b-\u200d\u2060\ufeff]/u;
function spacingReason(prefix) {
    return `separate the words with ASCII spaces (not tabs, no-break or other Unicode spaces); write ${prefix} followed by one of: ${USAGE}`;
}
/**
 * What is wrong with one external id an operator gives (`resolve sent <name>=<value>`),
 * whatever the driver; null when it may be recorded. The driver's own rules come on top,
 * where the attempt being resolved is known.
 */
function externalIdProblem(name, value) {
    if (!EXTERNAL_ID_NAME.test(name))
        return `the name ${JSON.stringify(name)} is not an external id name: lower-case letters, digits and _, starting with a letter, at most 64 characters`;
    if (!EXTERNAL_ID_VALUE.test(value) || value.length > MAX_EXTERNAL_ID_VALUE)
        return `the value of ${name} must be 1 to ${MAX_EXTERNAL_ID_VALUE} bytes of printable ASCII without spaces`;
    return null;
}
/** Splits off the next word (ASCII spaces separate words); the rest keeps its inner spacing. */
function nextWord(text) {
    const trimmed = text.replace(/^ +/, '');
    const end = trimmed.indexOf(' ');
    return end < 0 ? [trimmed, ''] : [trimmed.slice(0, end), trimmed.slice(end)];
}
function noteOf(rest) {
    const note = rest.trim();
    return note.length === 0 ? null : note;
}
function checkId(id, what) {
    if (id.length === 0)
        return `the ${what} is missing`;
    if (CONTROL.test(id))
        return `the ${what} contains a control character`;
    if (new TextEncoder().encode(id).length > MAX_ID_BYTES)
        return `the ${what} is longer than ${MAX_ID_BYTES} bytes`;
    return null;
}
/**
 * Parses a comment body, exactly: the prefix at the first character of the comment (an
 * indented line is a markdown code block, a quoted one a quote: neither is addressed to us),
 * the prefix and the verb as written (lower case), words separated by ASCII spaces.
 * `not_addressed` unless the comment starts with the prefix followed by a space or nothing;
 * a prefix followed by another kind of space, an upper-case verb or any word holding a
 * non-ASCII space is `malformed`. Everything after the first line is ignored.
 */
function parseComment(body, prefix) {
    const line = firstLine(body);
    if (!line.startsWith(prefix))
        return { kind: 'not_addressed' };
    const afterPrefix = line.slice(prefix.length);
    const separator = afterPrefix.slice(0, 1);
    const spacing = spacingReason(prefix);
    if (separator !== '' && separator !== ' ') {
        if (NOT_AN_ASCII_SPACE.test(separator))
            return { kind: 'malformed', verb: '', reason: spacing };
        return { kind: 'not_addressed' };
    }
    const [verb, afterVerb] = nextWord(afterPrefix);
    const malformed = (reason) => ({ kind: 'malformed', verb, reason });
    if (NOT_AN_ASCII_SPACE.test(verb))
        return malformed(spacing);
    if (!OPERATOR_VERBS.includes(verb))
        return malformed(OPERATOR_VERBS.includes(verb.toLowerCase())
            ? `verbs are written in lower case; write ${prefix} ${verb.toLowerCase()} …`
            : verb.length === 0
                ? `no verb after ${prefix}; write ${prefix} followed by one of: ${USAGE}`
                : `the verb is not one of approve, deny, cancel, retry, resolve, resolve-effect, status; write ${prefix} followed by one of: ${USAGE}`);
    const [id, rest] = nextWord(afterVerb);
    const what = verb === 'resolve-effect' ? 'operation id' : 'run id';
    if (NOT_AN_ASCII_SPACE.test(id))
        return malformed(spacing);
    const bad = checkId(id, what);
    if (bad)
        return malformed(`${bad}; write ${prefix} ${verb} <${what}>…`);
    const note = noteOf(rest);
    if (note !== null && note.length > MAX_NOTE)
        return malformed(`the note is longer than ${MAX_NOTE} characters; shorten it`);
    switch (verb) {
        case 'approve':
        case 'deny':
        case 'cancel':
        case 'retry':
            return {
                kind: 'command',
                command: { verb: verb, run_id: id, note }
            };
        case 'status':
            return { kind: 'command', command: { verb: 'status', run_id: id } };
        case 'resolve':
            return parseResolve(id, rest, prefix, malformed);
        case 'resolve-effect':
            return parseResolveEffect(id, rest, prefix, malformed);
    }
}
function parseResolve(run_id, rest, prefix, malformed) {
    const [answer, tail] = nextWord(rest);
    if (NOT_AN_ASCII_SPACE.test(answer))
        return malformed(spacingReason(prefix));
    const usage = `write ${prefix} resolve ${run_id} sent <name>=<value>… or ${prefix} resolve ${run_id} not-sent [note]`;
    if (answer === 'not-sent')
        return {
            kind: 'command',
            command: { verb: 'resolve', run_id, answer: 'not-sent', note: noteOf(tail) }
        };
    if (answer !== 'sent')
        return malformed(answer
            ? `resolve answers sent or not-sent, not this word; ${usage}`
            : `resolve needs an answer; ${usage}`);
    const words = tail.split(' ').filter(Boolean);
    if (words.some(word => NOT_AN_ASCII_SPACE.test(word)))
        return malformed(spacingReason(prefix));
    if (words.length === 0)
        return malformed(`resolve sent needs at least one external id the provider shows (for example workflow_run_id=9555); ${usage}`);
    if (words.length > MAX_EXTERNAL_IDS)
        return malformed(`resolve sent takes at most ${MAX_EXTERNAL_IDS} external ids`);
    const external_ids = {};
    for (const pair of words) {
        const at = pair.indexOf('=');
        if (at <= 0)
            return malformed(`resolve sent takes name=value pairs, one per word, for example workflow_run_id=9555; ${usage}`);
        const name = pair.slice(0, at);
        const value = pair.slice(at + 1);
        const problem = externalIdProblem(name, value);
        if (problem !== null)
            return malformed(`${problem}; ${usage}`);
        if (Object.hasOwn(external_ids, name))
            return malformed(`${name} is given twice; give each external id once`);
        external_ids[name] = value;
    }
    return {
        kind: 'command',
        command: { verb: 'resolve', run_id, answer: 'sent', external_ids, note: null }
    };
}
function parseResolveEffect(operation_id, rest, prefix, malformed) {
    const [answer, tail] = nextWord(rest);
    if (NOT_AN_ASCII_SPACE.test(answer))
        return malformed(spacingReason(prefix));
    const usage = `write ${prefix} resolve-effect ${operation_id} committed <release id> or ${prefix} resolve-effect ${operation_id} not-committed [note]`;
    if (answer === 'not-committed')
        return {
            kind: 'command',
            command: {
                verb: 'resolve-effect',
                operation_id,
                answer: 'not-committed',
                release_id: null,
                note: noteOf(tail)
            }
        };
    if (answer !== 'committed')
        return malformed(`resolve-effect answers committed or not-committed; ${usage}`);
    const [release, after] = nextWord(tail);
    if (NOT_AN_ASCII_SPACE.test(release))
        return malformed(spacingReason(prefix));
    if (!/^[1-9][0-9]{0,19}$/.test(release))
        return malformed(`resolve-effect committed needs the release id (a number); ${usage}`);
    return {
        kind: 'command',
        command: {
            verb: 'resolve-effect',
            operation_id,
            answer: 'committed',
            release_id: release,
            note: noteOf(after)
        }
    };
}

;// CONCATENATED MODULE: ./src/core/operator/decide.ts
/**
 * docs/design/operators.md (seed ADR 0024 on this ledger): what an operator's verb does to a recovered run.
 * Pure, next to planRecovery: which verb is legal in which state, the derived key each verb
 * writes under, and whether a verb is applied, a duplicate, a conflict or a noop.
 *
 * The key is derived from what the verb answers (the awaiting record, the failure, the
 * attempt), never from the comment, so two people answering the same ask converge on one
 * key: the same answer is a duplicate, another answer a conflict. The first outcome wins.
 */


/** What a verb settles: the outcome a duplicate returns and a conflict names. */
const SETTLED_OUTCOMES = (/* unused pure expression or super */ null && ([
    'approved',
    'rejected',
    'cancelled',
    'retry_allowed',
    'sent',
    'not_sent'
]));
/** The evidence kind of the comment an operator record answers to. */
const COMMENT_EVIDENCE = 'operator_comment';
/** failure.code of `resolve not-sent`: the operator's word that the provider has nothing. */
const NOT_SENT_CODE = 'operator_resolved_not_sent';
const requested = (command) => {
    switch (command.verb) {
        case 'approve':
            return 'approved';
        case 'deny':
            return 'rejected';
        case 'cancel':
            return 'cancelled';
        case 'retry':
            return 'retry_allowed';
        case 'resolve':
            return command.answer === 'sent' ? 'sent' : 'not_sent';
    }
};
/** The attempt a `resolve` answers: the unresolved ambiguous one, else the current one. */
function resolveAttempt(state) {
    return state.attempts.find(a => a.unresolved_ambiguous)?.number ?? state.current_attempt;
}
/**
 * A GitHub workflow run id as the workflow driver records it: a positive whole number, no
 * leading zero, at most 16 digits (what the cancel path accepts as a run id to cancel).
 */
const WORKFLOW_RUN_ID = /^[1-9][0-9]{0,15}$/;
/**
 * What is wrong with the external ids of `resolve sent` for an attempt sent by `driver`;
 * null when they may be recorded. Every name and value follows the general rule; an attempt
 * of the workflow driver needs `workflow_run_id`, the run id GitHub shows in the run's URL,
 * because that value later names the run to cancel in an API path.
 */
function resolveSentProblem(driver, external_ids) {
    for (const [name, value] of Object.entries(external_ids)) {
        const problem = externalIdProblem(name, value);
        if (problem !== null)
            return problem;
    }
    if (driver === 'workflow') {
        const id = external_ids['workflow_run_id'];
        if (id === undefined)
            return 'an attempt sent by the workflow driver needs workflow_run_id=<digits>, the id in the run’s URL (…/actions/runs/<id>)';
        if (!WORKFLOW_RUN_ID.test(id))
            return `workflow_run_id must be a positive whole number with no leading zero and at most 16 digits, the id in the run’s URL (…/actions/runs/<id>); got ${JSON.stringify(id)}`;
    }
    return null;
}
/** The failure a `retry` answers: the first attempt_failed record of the newest failed attempt. */
function failureRecord(records) {
    const newest = records.findLast(r => r.state === 'attempt_failed');
    const number = newest?.attempt?.number;
    if (number === undefined)
        return null;
    return records.find(r => r.state === 'attempt_failed' && r.attempt?.number === number) ?? null;
}
/** docs/design/operators.md derived keys; null when the run holds nothing the verb could answer. */
function derivedKey(verb, records, state) {
    const run = state.run_id;
    switch (verb) {
        case 'approve':
        case 'deny': {
            const ask = records.findLast(r => r.state === 'awaiting_human_decision');
            return ask ? `decision:${run}:${ask.ledger_sequence}` : null;
        }
        case 'cancel':
            return `cancel:${run}`;
        case 'retry': {
            const failure = failureRecord(records);
            return failure ? `retry:${run}:${failure.ledger_sequence}` : null;
        }
        case 'resolve': {
            const attempt = resolveAttempt(state);
            return attempt === null ? null : `resolve:${run}:${attempt}`;
        }
    }
}
/** What a stored record settled, read as the answer to `verb` (its key's kind). */
function settledBy(verb, record) {
    if (record.state === 'decided' && record.decision)
        return record.decision.outcome;
    if (record.state === 'cancelled')
        return 'cancelled';
    if (verb === 'resolve' && record.state === 'dispatched') {
        return record.provider?.submission_state === 'submitted'
            ? 'sent'
            : (record.provider?.submission_state ?? 'dispatched');
    }
    if (record.state === 'attempt_failed') {
        if (verb === 'resolve')
            return 'not_sent';
        if (verb === 'retry' && record.failure?.retryable)
            return 'retry_allowed';
    }
    return record.state;
}
function sameAnswer(command, record) {
    if (settledBy(command.verb, record) !== requested(command))
        return false;
    if (command.verb === 'resolve' && command.answer === 'sent')
        return ((0,canonical/* canonicalJson */.dj)(record.provider?.external_ids ?? {}) === (0,canonical/* canonicalJson */.dj)(command.external_ids));
    return true;
}
function verbOfKey(key) {
    const kind = key?.split(':', 1)[0];
    if (kind === 'decision')
        return 'approve';
    if (kind === 'cancel' || kind === 'retry' || kind === 'resolve')
        return kind;
    return 'cancel';
}
function describeSettled(record, settled) {
    const by = record.decision ? ` by ${record.decision.by}` : '';
    return `${settled}${by} at sequence ${record.ledger_sequence}`;
}
/** The verbs that would be applied to a run in this state (status is always possible). */
function applicableVerbs(state, plan) {
    if (state.terminal)
        return [];
    const verbs = [];
    if (state.state === 'awaiting_human_decision')
        verbs.push('approve', 'deny');
    if (state.state === 'attempt_failed' && plan.action === 'await_operator')
        verbs.push('retry');
    if (plan.action === 'reconcile_provider' && state.state === 'dispatched')
        verbs.push('resolve');
    verbs.push('cancel');
    return verbs;
}
function whyNot(command, state, plan) {
    const where = `Run ${state.run_id} is ${state.state} (next action: ${plan.action})`;
    const open = applicableVerbs(state, plan).join(', ');
    const needs = {
        approve: 'approve and deny answer only a run awaiting a human decision',
        deny: 'approve and deny answer only a run awaiting a human decision',
        cancel: 'cancel stops only a run that is not over',
        retry: state.state === 'attempt_failed'
            ? 'its failure is already retryable, so there is nothing to allow: the coordinator may start the next attempt'
            : 'retry answers only a non-retryable attempt_failed',
        resolve: 'resolve answers only an attempt whose submission is unknown (next action reconcile_provider)'
    };
    return `${where}; ${needs[command.verb]}. Nothing was written. Verbs that apply now: ${open || 'none'}.`;
}
/**
 * The one decision for `command` on the run `records` reconstruct to (`state`, `plan`).
 * Rules in order: this very comment already recorded → duplicate; the derived key already
 * recorded → duplicate or conflict by the answer; a run already over → the terminal outcome
 * wins (duplicate or conflict for approve, deny and cancel; noop otherwise); a verb that
 * does not apply in this state → noop; else applied, with the record to append.
 */
function decideOperation(records, state, plan, command, context) {
    const key = derivedKey(command.verb, records, state);
    const settled = redelivery(records, context) ??
        refusedValues(command, state, key) ??
        keySettled(command, records, key) ??
        runOver(command, records, state, key);
    if (settled)
        return settled;
    if (key === null || !applicableVerbs(state, plan).includes(command.verb))
        return { outcome: 'noop', key, reason: whyNot(command, state, plan) };
    const answer = requested(command);
    return {
        outcome: 'applied',
        key,
        settled_outcome: answer,
        reason: `Recorded ${answer} for run ${state.run_id} under ${key}.`,
        append: appendFor(command, records, state, key, context)
    };
}
/** A duplicate or a conflict with what `record` settled (not a redelivery). */
function settledAs(outcome, key, settled, record, reason) {
    return {
        outcome,
        key,
        settled_outcome: settled,
        sequence: record.ledger_sequence,
        reason,
        redelivered: false
    };
}
/** A redelivered comment (or a re-run of its workflow) converges whatever the run did since. */
function redelivery(records, context) {
    const same = records.find(r => r.evidence.some(e => e.kind === COMMENT_EVIDENCE && e.uri === context.evidence.uri));
    if (!same)
        return null;
    const settled = settledBy(verbOfKey(same.idempotency.input_key), same);
    return {
        outcome: 'duplicate',
        key: same.idempotency.input_key,
        settled_outcome: settled,
        sequence: same.ledger_sequence,
        reason: `This comment was already executed: ${describeSettled(same, settled)}. Nothing was written.`,
        redelivered: true
    };
}
/**
 * Values an operator typed are checked before the derived key is looked at: a refused value
 * is the operator's error to fix, whatever the run settled since.
 */
function refusedValues(command, state, key) {
    if (command.verb !== 'resolve' || command.answer !== 'sent')
        return null;
    const number = resolveAttempt(state);
    const driver = state.attempts.find(a => a.number === number)?.driver ?? null;
    const problem = resolveSentProblem(driver, command.external_ids);
    if (problem === null)
        return null;
    return {
        outcome: 'noop',
        key,
        reason: `resolve sent for run ${state.run_id} is refused: ${problem}. Give the ids the provider shows, for example workflow_run_id=9555. Nothing was written.`
    };
}
/** The derived key already recorded: a duplicate for the same answer, else a conflict. */
function keySettled(command, records, key) {
    const earlier = key === null ? undefined : records.find(r => r.idempotency.input_key === key);
    if (!earlier)
        return null;
    const settled = settledBy(command.verb, earlier);
    const answer = requested(command);
    return sameAnswer(command, earlier)
        ? settledAs('duplicate', key, settled, earlier, `${key} is already settled the same way: ${describeSettled(earlier, settled)}. Nothing was written.`)
        : settledAs('conflict', key, settled, earlier, `${key} is already settled as ${describeSettled(earlier, settled)}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`);
}
/**
 * A run already over: its terminal outcome wins, a duplicate or a conflict for approve, deny
 * and cancel; any other verb (or a blocked admission) has nothing to act on.
 */
function runOver(command, records, state, key) {
    if (!state.terminal)
        return null;
    const head = records.at(-1);
    const settling = command.verb === 'approve' || command.verb === 'deny' || command.verb === 'cancel';
    if (!settling || state.state === 'admission_blocked')
        return {
            outcome: 'noop',
            key,
            reason: `Run ${state.run_id} is over (${state.state}); ${command.verb} has nothing to act on. Nothing was written.`
        };
    const settled = settledBy(command.verb, head);
    const answer = requested(command);
    const ended = `Run ${state.run_id} already ended ${describeSettled(head, settled)}`;
    return settled === answer
        ? settledAs('duplicate', key, settled, head, `${ended}. Nothing was written.`)
        : settledAs('conflict', key, settled, head, `${ended}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`);
}
function appendFor(command, records, state, key, context) {
    const common = {
        input_key: key,
        evidence: [{ ...context.evidence }],
        decision: {
            outcome: command.verb === 'deny' || command.verb === 'cancel' ? 'rejected' : 'approved',
            by: context.by.login
        },
        note: command.note
    };
    const append = (state, fields = {}) => ({
        state,
        fields: { ...common, ...fields, input_key: key },
        trigger: 'operator',
        actor: context.by
    });
    switch (command.verb) {
        case 'approve':
        case 'deny':
            return append('decided');
        case 'cancel':
            return append('cancelled');
        case 'retry': {
            const failure = failureRecord(records);
            return append('attempt_failed', {
                attempt: failure.attempt,
                // The original code and classification stay; only the operator's retryable changes.
                failure: { ...failure.failure, retryable: true }
            });
        }
        case 'resolve': {
            const number = resolveAttempt(state);
            const attempt = state.attempts.find(a => a.number === number);
            const recorded = { number, reason: attempt?.reason ?? 'initial' };
            if (command.answer === 'sent')
                return append('dispatched', {
                    attempt: recorded,
                    provider: {
                        driver: attempt?.driver ?? 'operator',
                        submission_state: 'submitted',
                        external_ids: { ...command.external_ids }
                    }
                });
            return append('attempt_failed', {
                attempt: recorded,
                failure: { code: NOT_SENT_CODE, classification: 'recovery_required', retryable: true }
            });
        }
    }
}

;// CONCATENATED MODULE: ./src/core/operator/comment.ts
/**
 * The fields of an `issue_comment` event that `command: operate` uses, checked. Pure.
 */



const isObj = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
function need(value, ok, what) {
    if (!ok || value === undefined || value === null)
        throw new errors/* InvalidInput */.o9(`The issue_comment event has no valid ${what}. command: operate runs on issue_comment events as GitHub sends them; check the workflow's on: trigger.`);
    return value;
}
function readComment(eventName, payload) {
    if (eventName !== 'issue_comment')
        throw new errors/* InvalidInput */.o9(`command: operate reads operator comments, so it runs on issue_comment events, not ${JSON.stringify(eventName)}. Use on: issue_comment: types: [created] in the operator workflow.`);
    const event = isObj(payload) ? payload : {};
    const comment = isObj(event.comment) ? event.comment : {};
    const user = isObj(comment.user) ? comment.user : {};
    const issue = isObj(event.issue) ? event.issue : {};
    const repository = isObj(event.repository) ? event.repository : {};
    const id = need(comment.id, Number.isSafeInteger(comment.id), 'comment.id');
    const url = need(comment.html_url, typeof comment.html_url === 'string' &&
        /^https?:\/\/\S+$/.test(comment.html_url) &&
        !comment.html_url.split('/').includes('..'), 'comment.html_url');
    return {
        action: need(event.action, typeof event.action === 'string', 'action'),
        id,
        body: need(comment.body, typeof comment.body === 'string', 'comment.body'),
        url,
        issue_number: need(issue.number, Number.isSafeInteger(issue.number), 'issue.number'),
        author: {
            login: need(user.login, typeof user.login === 'string' && user.login.length > 0, 'comment.user.login'),
            id: need(user.id, Number.isSafeInteger(user.id), 'comment.user.id'),
            type: typeof user.type === 'string' ? user.type : 'User',
            association: typeof comment.author_association === 'string' ? comment.author_association : ''
        },
        repository: typeof repository.full_name === 'string' ? repository.full_name : null
    };
}
/** docs/design/operators.md: the record's evidence is the comment's URL and the digest of its body. */
function commentEvidence(comment) {
    return { kind: COMMENT_EVIDENCE, digest: `sha256:${(0,canonical/* sha256Hex */.fg)(comment.body)}`, uri: comment.url };
}

// EXTERNAL MODULE: ./src/github/operatorApi.ts
var operatorApi = __webpack_require__(6527);
// EXTERNAL MODULE: ./src/core/receiver.ts
var receiver = __webpack_require__(3698);
// EXTERNAL MODULE: ./src/commands/receiver.ts
var commands_receiver = __webpack_require__(6681);
;// CONCATENATED MODULE: ./src/commands/cancelProvider.ts
/**
 * What a cancel does to the provider (docs/design/operators.md#verbs): it stops the GitHub
 * workflow runs the ledger names for the current attempt, and the run that owns its receiver
 * key now, and says what it could not stop.
 */




async function cancelProvider(request, state) {
    const owner = await ownerAtCancel(request, state);
    const ids = (0,receiver/* workflowRunsToCancel */.Pl)(state, owner.workflow_run_id);
    const done = [];
    const warnings = [...owner.warnings];
    if (ids.length === 0) {
        const warning = 'the ledger names no GitHub workflow run to cancel, so no provider work was cancelled; stop any other provider work by hand';
        return {
            done,
            warnings: [...warnings, warning],
            summary: `Not cancelled: ${warning}.`,
            failure: undefined
        };
    }
    if (request.api === null) {
        const warning = `no token, so workflow run(s) ${ids.join(', ')} named in the ledger were not cancelled; cancel them by hand`;
        return {
            done,
            warnings: [...warnings, warning],
            summary: `Not cancelled: ${warning}.`,
            failure: warning
        };
    }
    const refused = [];
    for (const id of ids) {
        try {
            const answer = await request.api.cancelWorkflowRun(Number(id));
            done.push(`${id}:${answer}`);
            if (answer === 'finished')
                warnings.push(`workflow run ${id} had already finished (GitHub answered 409), so it was not cancelled`);
        }
        catch (error) {
            refused.push(`workflow run ${id} could not be cancelled (${(0,operatorApi/* apiErrorText */.I)(error)}); cancel it by hand (the token needs actions: write)`);
        }
    }
    const summary = providerCancelled(done)
        ? `Provider workflow run(s) ${done.map(d => d.replace(':requested', ' (cancel requested)').replace(':finished', ' (already finished)')).join(', ')}.`
        : 'No provider workflow run was cancelled.';
    return {
        done,
        warnings: [...warnings, ...refused],
        summary,
        failure: refused.length > 0 ? refused.join('; ') : undefined
    };
}
/** A cancel stopped provider work only when GitHub accepted at least one cancel request. */
function providerCancelled(done) {
    return done.some(entry => entry.endsWith(':requested'));
}
/**
 * The workflow run that owns the current attempt's receiver key, read now: it may be a run the
 * ledger holds no id for (a send answered with an error, whose run won the admission).
 */
async function ownerAtCancel(request, state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    const key = current?.external_ids[receiver/* RECEIVER_KEY */.Qt];
    if (current === undefined || current.failed || key === undefined)
        return { workflow_run_id: null, warnings: [] };
    try {
        const receiver = await (0,commands_receiver/* findReceiver */.rg)(request.store, request.namespace, key);
        return { workflow_run_id: receiver?.workflow_run_id ?? null, warnings: [] };
    }
    catch (error) {
        const why = error instanceof errors/* DispatchLedgerError */.SS ? error.message : String(error);
        return {
            workflow_run_id: null,
            warnings: [
                `the receiver admission could not be read (${why}); only the runs the ledger names were cancelled`
            ]
        };
    }
}

// EXTERNAL MODULE: ./src/core/effect/decide.ts
var decide = __webpack_require__(6229);
// EXTERNAL MODULE: ./src/core/effect/operation.ts
var operation = __webpack_require__(6084);
// EXTERNAL MODULE: ./src/core/validate.ts
var validate = __webpack_require__(993);
// EXTERNAL MODULE: ./src/providers/write.ts
var write = __webpack_require__(3625);
// EXTERNAL MODULE: ./src/commands/operationJournal.ts + 2 modules
var operationJournal = __webpack_require__(5444);
;// CONCATENATED MODULE: ./src/commands/resolveEffect.ts
/**
 * docs/design/effects.md, docs/design/operators.md `/ledger resolve-effect <operation id> committed <id> | not-committed`:
 * an operator's accountable answer for an operation held `unknown`. The id is what names the
 * effect to a person: a release's id, a comment's id, an issue's or pull request's number. Plain values in, a result
 * out; the `operate` command (issue 12) parses the comment, authorizes its author and replies.
 * The first answer wins: the same answer again is a duplicate, another one a conflict.
 */






/**
 * The arguments after the operation id, as a comment gives them:
 * `committed <release id>` or `not-committed`. Anything else is an error naming the grammar.
 */
function parseEffectAnswer(args) {
    const [word, id, ...rest] = args;
    if (word === 'committed' && id !== undefined && /^[0-9]{1,20}$/.test(id) && rest.length === 0)
        return { kind: 'committed', release_id: id };
    if (word === 'not-committed' && id === undefined)
        return { kind: 'not_committed' };
    throw new InvalidInput('resolve-effect takes `committed <release id>` (the numeric id of the release that is ours; ' +
        'for a comment its id, for an issue or pull request its number) or `not-committed`, for ' +
        'example `/ledger resolve-effect <operation id> committed 123456`.');
}
async function resolveEffect(request, deps) {
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, request.operation_id, 'The operation id');
    const journal = (0,operationJournal/* operationJournal */.T5)(deps.store, request.namespace, request.operation_id);
    const by = { writer: request.writer, clock: deps.clock };
    const api = deps.github?.hasToken ? deps.github : null;
    const done = (outcome, reason) => ({
        outcome,
        reason,
        operation_id: request.operation_id,
        operation_ref: journal.ref,
        state: journal.state?.state ?? null,
        chain: journal.entries
    });
    const answer = request.answer.kind;
    const releaseId = request.answer.kind === 'committed' ? request.answer.release_id : null;
    await journal.reload();
    // Another writer moved the head: decide again on what it wrote (the one lost-race policy).
    return journal.decideAndAppend(async () => {
        const op = journal.state;
        if (!op)
            return { done: done('rejected', `there is no operation ${request.operation_id}`) };
        const decision = (0,decide/* decideResolve */.V9)(op, answer, releaseId);
        if (decision.outcome !== 'applied')
            return { done: done(decision.outcome, decision.reason) };
        const result = await answeredResult(op.intent, op.prepared_at, releaseId, api);
        if (typeof result === 'string')
            return { done: done('rejected', result) };
        const record = (0,operationJournal/* following */.CQ)(journal, by, {
            state: decision.record,
            result,
            observation: `resolved by ${request.by}`,
            resolution: { answer, by: request.by }
        });
        return { append: record, after: () => done('applied', `${request.by} answered ${answer}`) };
    }, () => done('conflict', 'another writer kept changing the operation; nothing was written'));
}
/**
 * What a `committed` answer records (null for `not-committed`), checked against GitHub when the
 * API is at hand: the release, comment, issue or pull request must exist. Its marker is not
 * required: an operator may adopt one made by hand. A string is why the answer is refused.
 */
async function answeredResult(intent, preparedAt, answered, api) {
    if (answered === null)
        return null;
    const none = { tag_object: null, release_id: null, release_url: null };
    if (intent.kind === 'release' || intent.kind === 'tag') {
        const release = await releaseUrl(api?.releases(), answered);
        if (typeof release !== 'object')
            return release;
        return { ...none, release_id: answered, release_url: release.url };
    }
    if (intent.kind === 'branch')
        return `a branch is never unknown; there is nothing to answer`;
    if (!api) {
        // Without the API the operator's word is recorded as given: a comment by id, else a number.
        return intent.kind === 'comment'
            ? { ...none, id: answered, number: null, url: null }
            : { ...none, id: null, number: Number(answered), url: null };
    }
    const found = await findWrite(api.writes(), intent, preparedAt, Number(answered));
    if (typeof found === 'string')
        return found;
    const ids = (0,write/* writeIds */.Gt)(found);
    return { ...none, id: ids['id'] ?? null, number: found.number, url: found.html_url };
}
/** The comment (by id), issue or pull request (by number) the operator named, or why not. */
async function findWrite(writes, intent, preparedAt, answered) {
    const since = new Date(Date.parse(preparedAt) - write/* CLOCK_SKEW_MS */.rn).toISOString();
    const listed = intent.kind === 'comment'
        ? await writes.listComments(intent.issue_number, since)
        : intent.kind === 'issue'
            ? await writes.listIssues(since)
            : intent.kind === 'pull-request'
                ? await writes.listPulls(intent.head, intent.base)
                : null;
    if (listed === null)
        return `a ${intent.kind} has no answer of this kind`;
    if (!listed.ok)
        return `the ${intent.kind} could not be read (${listed.detail})`;
    const found = listed.value.find(view => intent.kind === 'comment' ? view.id === answered : view.number === answered);
    return found ?? `there is no ${intent.kind} ${answered} made after the operation was prepared`;
}
/** A `committed` answer names a release that exists (when the API is at hand); else why not. */
async function releaseUrl(releases, releaseId) {
    if (releaseId === null || !releases)
        return { url: null };
    const found = await releases.get(Number(releaseId));
    if (!found.ok)
        return `release ${releaseId} could not be read (${found.detail})`;
    if (!found.value)
        return `there is no release ${releaseId}`;
    return { url: found.value.html_url };
}

// EXTERNAL MODULE: ./src/core/operator/reply.ts
var reply = __webpack_require__(2156);
;// CONCATENATED MODULE: ./src/commands/respond.ts


const REACTION = {
    applied: '+1',
    duplicate: '+1',
    rejected: '-1',
    conflict: 'confused',
    unrecorded: 'confused',
    noop: 'eyes'
};
async function respond(request, comment, result) {
    const warnings = [...(result.warnings ?? [])];
    let reaction = null;
    let replied = false;
    const redelivered = result.redelivered === true;
    if (request.api !== null) {
        const wanted = REACTION[result.outcome];
        try {
            await request.api.react(comment.id, wanted);
            reaction = wanted;
        }
        catch (error) {
            warnings.push(`the ${wanted} reaction could not be added (${(0,operatorApi/* apiErrorText */.I)(error)})`);
        }
        if (request.reply && !redelivered) {
            try {
                await request.api.reply(comment.issue_number, (0,reply/* replyBody */.Rl)({
                    verb: result.verb,
                    outcome: result.outcome,
                    reason: result.reason,
                    settled_outcome: result.settled_outcome,
                    run_id: result.run?.state.run_id ?? null,
                    state: result.run?.state.state ?? null,
                    next_action: result.run?.plan.action ?? null,
                    warnings
                }));
                replied = true;
            }
            catch (error) {
                warnings.push(`the reply could not be posted (${(0,operatorApi/* apiErrorText */.I)(error)})`);
            }
        }
    }
    return { ...result, comment, warnings, reaction, replied, redelivered };
}

// EXTERNAL MODULE: ./src/commands/runView.ts
var runView = __webpack_require__(3906);
// EXTERNAL MODULE: ./src/commands/selectRun.ts
var selectRun = __webpack_require__(4739);
// EXTERNAL MODULE: ./src/core/nextRunRecord.ts
var nextRunRecord = __webpack_require__(7256);
;// CONCATENATED MODULE: ./src/commands/operate.ts
/**
 * docs/design/operators.md `command: operate`: an operator's comment, authorized, decided by the core and
 * appended by compare-and-set under its derived key; cancel also stops the provider's run,
 * even when the record cannot be written. Takes plain values, returns a result.
 */
















const OPERATE_OUTCOMES = (/* unused pure expression or super */ null && ([
    'applied',
    'duplicate',
    'conflict',
    'rejected',
    'unrecorded',
    'noop'
]));
async function operate(input, deps) {
    const request = operate_operation(input, deps);
    const comment = readComment(request.eventName, request.payload);
    const parsed = parseComment(comment.body, request.prefix);
    // Never echo an unknown word as the verb: outputs may end up in someone's run: script.
    const known = (word) => OPERATOR_VERBS.includes(word);
    const verb = parsed.kind === 'command'
        ? parsed.command.verb
        : parsed.kind === 'malformed' && known(parsed.verb)
            ? parsed.verb
            : '';
    const quiet = (reason) => ({
        verb,
        outcome: 'noop',
        settled_outcome: '',
        reason,
        input_key: null,
        comment,
        run: null,
        provider_cancelled: [],
        warnings: [],
        reaction: null,
        replied: false,
        redelivered: false
    });
    // Only a comment as first posted is executed: an edit would let anyone who can edit a
    // comment replay or change a decision after the fact (docs/design/operators.md).
    if (comment.action !== 'created')
        return quiet(parsed.kind === 'not_addressed'
            ? `The comment was ${comment.action}; it is not addressed to ${request.prefix}. Nothing to do.`
            : `The comment was ${comment.action}, not created: ${comment.action === 'edited' ? 'an edited comment is never executed' : 'only a new comment is executed'}. Nothing was written; post a new comment to operate.`);
    if (parsed.kind === 'not_addressed')
        return quiet(`The comment does not start with ${request.prefix}. Nothing to do.`);
    let result;
    try {
        result = await decideAndAct(request, comment, parsed, verb);
    }
    catch (error) {
        // The step fails with the error; the comment at least shows that it did not go through.
        await request.api?.react(comment.id, 'confused').catch(() => undefined);
        throw error;
    }
    return respond(request, comment, result);
}
/** The request checked, and the GitHub API when there is a token (its repository checked first). */
function operate_operation(input, deps) {
    const badPrefix = checkPrefix(input.prefix);
    if (badPrefix)
        throw new errors/* InvalidInput */.o9(`The prefix input is invalid: ${badPrefix}.`);
    const policy = (0,authorize/* parsePolicy */.ON)(input.policy);
    const github = deps.github?.hasToken ? deps.github : null;
    // With a token every verb checks permissions in the repository: name a bad one first.
    github?.where();
    const { store, clock } = deps;
    return { ...input, policy, store, clock, api: github?.operator() ?? null, github };
}
async function decideAndAct(request, comment, parsed, verb) {
    const base = { verb, settled_outcome: '', input_key: null, run: null, provider_cancelled: [] };
    const authorization = await operate_authorize(request, comment);
    if (authorization.verdict === 'rejected')
        return {
            ...base,
            outcome: 'rejected',
            reason: `${authorization.reason}. Nothing was written.`
        };
    if (parsed.kind === 'malformed')
        return { ...base, outcome: 'noop', reason: `Not understood: ${parsed.reason}.` };
    const command = parsed.command;
    if (command.verb === 'resolve-effect')
        return settleEffect(request, comment, command, base);
    let found;
    try {
        // Named by run id: any workflow run may act on it deliberately (docs/design/writers.md).
        found = await (0,selectRun/* selectRun */.S3)(request.store, operate_select(request, command.run_id));
    }
    catch (error) {
        // A mistyped run id is the operator's error, answered on the comment; a broken store fails.
        if (error instanceof errors/* InvalidInput */.o9)
            return { ...base, outcome: 'noop', reason: `${error.message} Nothing was written.` };
        throw error;
    }
    if (command.verb === 'status') {
        const run = { ledger_ref: found.ledger_ref, chain: found.chain, ...found.view };
        const verbs = applicableVerbs(run.state, run.plan);
        return {
            ...base,
            outcome: 'noop',
            run,
            reason: `${run.plan.reason} Verbs that apply now: ${verbs.length ? verbs.join(', ') : 'none'}.`
        };
    }
    return operate_write(request, comment, command, found.ledger_ref, found.chain);
}
async function operate_authorize(request, comment) {
    const screening = (0,authorize/* screenAuthor */.UG)(comment.author, request.policy);
    if (screening.verdict !== 'check_permission')
        return screening;
    if (request.api === null)
        return (0,authorize/* judgePermission */.Np)(comment.author, null, request.policy);
    try {
        const answer = await request.api.permission(comment.author.login);
        return (0,authorize/* judgePermission */.Np)(comment.author, answer ?? { permission: 'none', role_name: null }, request.policy);
    }
    catch (error) {
        // Fail closed: a permission we could not confirm is no permission.
        return {
            verdict: 'rejected',
            reason: `the permission of ${comment.author.login} could not be confirmed (${(0,operatorApi/* apiErrorText */.I)(error)})`
        };
    }
}
function viewOf(ledger_ref, chain) {
    return { ledger_ref, chain, ...(0,runView/* viewChain */.BS)(chain) };
}
function operate_select(request, run_id) {
    return { namespace: request.namespace, run_id, writer: request.writer };
}
async function operate_write(request, comment, command, ledger_ref, initial) {
    const context = {
        by: { login: comment.author.login, id: comment.author.id },
        evidence: commentEvidence(comment)
    };
    const journal = new store_journal/* Journal */.C({ store: request.store, ref: ledger_ref, chain: reconstruct/* RUN_CHAIN */.io }, initial);
    let run = viewOf(ledger_ref, initial);
    let decision = null;
    try {
        // Someone else wrote first: the journal re-reads, and the verb is decided again on what won.
        const decided = await journal.decideAndAppend(ledger => {
            run = viewOf(ledger_ref, ledger.entries);
            const records = ledger.entries.map(entry => entry.value);
            decision = decideOperation(records, run.state, run.plan, command, context);
            const made = decision;
            if (made.outcome !== 'applied')
                return { done: made };
            const next = (0,nextRunRecord/* nextRunRecord */.e)(ledger.entries, run.state, {
                ...made.append,
                occurred_at: (0,time/* timestampOf */.U_)(request.clock.now()),
                writer: request.writer
            });
            if ('duplicate' in next)
                return { done: made };
            return { append: next.record, after: () => made };
        });
        return finish(request, command, decided, viewOf(ledger_ref, journal.entries));
    }
    catch (error) {
        if (command.verb !== 'cancel' || decision === null)
            throw error;
        return unrecordedCancel(request, run, decision.key, error);
    }
}
/** A stop is honoured even when it cannot be recorded (docs/design/operators.md#verbs). */
async function unrecordedCancel(request, run, key, error) {
    const cancelled = await cancelProvider(request, run.state);
    const why = error instanceof errors/* DispatchLedgerError */.SS ? error.message : String(error);
    return {
        verb: 'cancel',
        outcome: 'unrecorded',
        settled_outcome: '',
        reason: `The cancel could not be recorded (${why}). ${cancelled.summary}`,
        input_key: key,
        run,
        provider_cancelled: cancelled.done,
        warnings: [
            `cancel of run ${run.state.run_id} is NOT recorded in the ledger: ${why}`,
            ...cancelled.warnings
        ],
        failure: cancelled.failure
    };
}
async function finish(request, command, decision, run) {
    const base = {
        verb: command.verb,
        outcome: decision.outcome,
        settled_outcome: decision.outcome === 'noop' ? '' : decision.settled_outcome,
        reason: decision.reason,
        input_key: decision.key,
        run,
        provider_cancelled: [],
        redelivered: (decision.outcome === 'duplicate' || decision.outcome === 'conflict') && decision.redelivered
    };
    // Cancel stops the provider's work whenever the run is (now) cancelled by this answer; a
    // duplicate cancels again, so a stop whose provider call failed the first time is retried.
    const stops = command.verb === 'cancel' &&
        (decision.outcome === 'applied' ||
            (decision.outcome === 'duplicate' && decision.settled_outcome === 'cancelled'));
    if (!stops)
        return base;
    const cancelled = await cancelProvider(request, run.state);
    return {
        ...base,
        reason: `${decision.reason} ${cancelled.summary}`,
        provider_cancelled: cancelled.done,
        warnings: cancelled.warnings,
        failure: cancelled.failure
    };
}
/** Outcomes of resolveEffect as operate reports them; its `rejected` is a refusal, not authz. */
const EFFECT_OUTCOME = {
    applied: 'applied',
    duplicate: 'duplicate',
    conflict: 'conflict',
    rejected: 'noop'
};
/** `/ledger resolve-effect`: the operator's answer for an operation held `unknown` (docs/design/effects.md). */
async function settleEffect(request, comment, command, base) {
    const answer = command.answer === 'committed' && command.release_id
        ? { kind: 'committed', release_id: command.release_id }
        : { kind: 'not_committed' };
    try {
        const settled = await resolveEffect({
            namespace: request.namespace,
            operation_id: command.operation_id,
            answer,
            by: comment.author.login,
            writer: request.writer
        }, { store: request.store, clock: request.clock, github: request.github });
        return {
            ...base,
            outcome: EFFECT_OUTCOME[settled.outcome],
            settled_outcome: settled.state ?? '',
            reason: settled.reason
        };
    }
    catch (error) {
        if (error instanceof errors/* InvalidInput */.o9)
            return { ...base, outcome: 'noop', reason: `${error.message} Nothing was written.` };
        throw error;
    }
}

// EXTERNAL MODULE: ./src/commands/reporting.ts + 1 modules
var reporting = __webpack_require__(301);
// EXTERNAL MODULE: ./src/action/ledgerSummary.ts
var ledgerSummary = __webpack_require__(5565);
// EXTERNAL MODULE: ./src/action/report.ts
var report = __webpack_require__(1658);
// EXTERNAL MODULE: ./src/action/runReport.ts
var runReport = __webpack_require__(585);
;// CONCATENATED MODULE: ./src/action/operateStep.ts





/** docs/design/operators.md: an operator's comment → one verb on one run, authorized and idempotent. */
async function operateStep(inputs, context) {
    const { event, writer } = context;
    const result = await operate({
        eventName: event.name,
        payload: event.payload,
        namespace: inputs.namespace,
        prefix: inputs.prefix,
        policy: {
            operators: inputs.operators,
            permission: inputs.operatorPermission,
            bots: inputs.operatorBots
        },
        reply: inputs.reply === 'true',
        writer
    }, context);
    return operateStep_report(result, context.store.name);
}
function operateStep_report(result, storeName) {
    const run = result.run;
    const view = run ? { state: run.state, plan: run.plan } : null;
    const outputs = {
        ...(run ? (0,runReport/* runIdentityOutputs */.oi)(run.state, run.ledger_ref, storeName) : { store: storeName }),
        ...(0,runReport/* runOutputs */.MR)(view),
        verb: result.verb,
        outcome: result.outcome,
        settled_outcome: result.settled_outcome,
        recorded: String(result.outcome === 'applied'),
        provider_cancelled: result.verb === 'cancel' ? (0,report/* flag */.J)(providerCancelled(result.provider_cancelled)) : ''
    };
    // Every value below may come from the comment or the store: writeSummary escapes it as
    // text, and line breaks are shown as ⏎ (docs/design/writers.md).
    const rows = [
        ['verb', result.verb || '(none)'],
        ['outcome', result.outcome],
        ['settled outcome', result.settled_outcome || '(none)'],
        ['comment', result.comment.url],
        [
            'author',
            `${result.comment.author.login} (${result.comment.author.association || 'no association'})`
        ],
        ['derived key', result.input_key ?? '(none)'],
        ['reaction', result.reaction ?? '(none)'],
        [
            'reply posted',
            result.redelivered
                ? 'false (this comment was answered when it was first executed)'
                : String(result.replied)
        ],
        ...(run ? [['run id', run.state.run_id]] : []),
        ...(run ? (0,runReport/* runRows */.TO)(view) : []),
        ...result.provider_cancelled.map(entry => ['provider workflow run', entry]),
        ...result.warnings.map(warning => ['warning', warning])
    ];
    return {
        outputs,
        summary: {
            title: `dispatch-ledger: operate — ${result.verb || 'comment'} ${result.outcome}`,
            meaning: (0,reporting/* oneLine */.TN)(result.reason),
            rows: rows.map(([field, value]) => [field, (0,reporting/* oneLine */.TN)(value)]),
            extra: run ? (0,ledgerSummary/* ledgerMarkdown */.n)(run.chain, run.state.terminal) : undefined
        },
        warnings: result.warnings,
        failure: result.failure
    };
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

/***/ 6681:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CN: () => (/* binding */ confirmReceiver),
/* harmony export */   MD: () => (/* binding */ decideReceiver),
/* harmony export */   Y1: () => (/* binding */ coordinatorCancelled),
/* harmony export */   rg: () => (/* binding */ findReceiver)
/* harmony export */ });
/* harmony import */ var _core_entry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5263);
/* harmony import */ var _core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7256);
/* harmony import */ var _core_receiver_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3698);
/* harmony import */ var _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4461);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9301);
/* harmony import */ var _core_time_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2334);
/* harmony import */ var _generations_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1125);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3141);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3906);
/* harmony import */ var _storedNames_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7931);
/**
 * Reading the receiver side of the workflow driver at the arbiter
 * (docs/design/dispatch.md#the-recorded-receiver): who admitted an attempt's receiver key, and
 * whether a coordinator was cancelled before its receiver started.
 */










/**
 * The receiver that admitted `key`, or null when none has yet: one read of its admission and
 * its ledger. The workflow run is the writer of the receiver's first record (the run that won
 * the admission), not a run id parsed from a name a caller could choose.
 */
async function findReceiver(store, namespace, key) {
    return store.read(async (reader) => {
        const ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .admissionRef */ .Rp)(namespace, key);
        const found = await reader.readAdmission(ref);
        if (found === null)
            return null;
        const admission = (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkAdmissionNames */ .O)(namespace, ref, found.value);
        const chain = await reader.readChain(admission.ledger_ref);
        if (chain !== null)
            (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkChainNames */ .o)(namespace, admission.ledger_ref, chain);
        const writer = chain?.[0]?.value.writer ?? null;
        return { receiver_run_id: admission.run_id, workflow_run_id: writer?.github_run_id ?? null };
    });
}
/**
 * When the run's current attempt was accepted but its receiver not yet confirmed, looks the
 * receiver admission up and, when a receiver has admitted, appends the submission update that
 * names it. Returns the chain as it is now (unchanged when there is nothing to confirm).
 */
async function confirmReceiver(store, ledger_ref, chain, options) {
    const attempt = (0,_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .attemptToConfirm */ .LN)((0,_runView_js__WEBPACK_IMPORTED_MODULE_7__/* .verifiedState */ .SP)(chain));
    if (attempt === null)
        return chain;
    const key = attempt.external_ids[_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .RECEIVER_KEY */ .Qt];
    const receiver = await findReceiver(store, options.namespace, key);
    if (receiver === null)
        return chain;
    const appended = await (0,_record_js__WEBPACK_IMPORTED_MODULE_6__/* .appendRecord */ .EB)(store, { ledger_ref, ...confirmation(attempt, receiver, options) }, chain);
    return appended.chain;
}
/**
 * The submission update that names an attempt's receiver: what a plan step appends after the
 * fact, and what the receiver writes with its own admission (decideReceiver).
 */
function confirmation(attempt, receiver, by) {
    return {
        state: 'dispatched',
        fields: {
            provider: {
                driver: attempt.driver ?? 'workflow',
                submission_state: 'submitted',
                external_ids: (0,_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .confirmedIds */ .UJ)(receiver, by.runUrl)
            }
        },
        occurred_at: (0,_core_time_js__WEBPACK_IMPORTED_MODULE_4__/* .timestampOf */ .U_)(by.clock.now()),
        trigger: 'provider_observation',
        actor: by.actor,
        writer: by.writer
    };
}
/**
 * Whether the coordinator run a receiver's key names has been cancelled: a run GitHub starts
 * after its coordinator was cancelled must do no work. False when there is no such run in this
 * namespace (the dispatch key was chosen by hand). A coordinator ledger that does not verify
 * fails closed (throws), so a receiver never works on a broken premise.
 */
async function coordinatorCancelled(store, namespace, run_id) {
    const ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerRef */ .DH)(namespace, run_id);
    const chain = await store.read(reader => reader.readChain(ref));
    if (chain === null || chain.length === 0)
        return false;
    (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkChainNames */ .o)(namespace, ref, chain);
    return (0,_runView_js__WEBPACK_IMPORTED_MODULE_7__/* .verifiedState */ .SP)(chain).state === 'cancelled';
}
async function decideReceiver(store, of) {
    const ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerRef */ .DH)(of.namespace, of.coordinator.run_id);
    // The chain and its admission in one session (one reader).
    const read = await store.read(async (reader) => {
        const chain = await reader.readChain(ref, _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_2__/* .RUN_CHAIN */ .io, { refresh: of.refresh });
        if (chain === null || chain.length === 0)
            return null;
        (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkChainNames */ .o)(of.namespace, ref, chain);
        const state = (0,_runView_js__WEBPACK_IMPORTED_MODULE_7__/* .verifiedState */ .SP)(chain);
        // A run is written only through its admission: an orphan coordinator fails closed here.
        if (state.state !== 'cancelled')
            await (0,_generations_js__WEBPACK_IMPORTED_MODULE_5__/* .admissionOfRun */ .a)(store, reader, {
                namespace: of.namespace,
                run_id: state.run_id,
                dispatch_key: state.dispatch_key
            });
        return { chain, state };
    });
    if (read === null)
        return { kind: 'unknown' };
    const { chain, state } = read;
    if (state.state === 'cancelled')
        return { kind: 'cancelled' };
    const attempt = state.attempts.find(a => a.number === of.coordinator.attempt);
    if (state.state !== 'dispatched' ||
        state.current_attempt !== of.coordinator.attempt ||
        attempt === undefined ||
        attempt.external_ids[_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .RECEIVER_KEY */ .Qt] !== of.dispatch_key ||
        (0,_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .isConfirmed */ .it)(attempt))
        return { kind: 'nothing' };
    // It names only this receiver and the workflow run writing it: its writer's own id.
    const receiver = {
        receiver_run_id: of.receiver_run_id,
        workflow_run_id: of.writer?.github_run_id ?? null
    };
    const next = (0,_core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_1__/* .nextRunRecord */ .e)(chain, state, confirmation(attempt, receiver, of));
    if ('duplicate' in next)
        return { kind: 'nothing' };
    const head = chain[chain.length - 1].oid;
    const [oid] = (await store.writeEntries([(0,_core_entry_js__WEBPACK_IMPORTED_MODULE_0__/* .recordCommit */ .rN)(next.record, head)]));
    return { kind: 'confirm', advance: { ref, next: oid, expected: head } };
}


/***/ }),

/***/ 6527:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ octokitOperatorApi),
/* harmony export */   I: () => (/* binding */ apiErrorText)
/* harmony export */ });
/**
 * The GitHub calls `command: operate` makes, behind a small interface so the command owns
 * the orchestration and tests run it against a local server speaking GitHub's REST API.
 * Every call goes through `@actions/github`'s octokit (no retry or throttling plugin: a
 * reply comment is a POST that creates something and is sent once).
 */
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : undefined;
}
/** The operator calls over the gateway's octokit, loaded on the first call. */
function octokitOperatorApi(github) {
    const request = () => ({ signal: github.signal() });
    const connect = async () => ({ octokit: await github.client(), ...github.where() });
    return {
        async permission(username) {
            const { octokit, owner, repo } = await connect();
            try {
                const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
                    owner,
                    repo,
                    username,
                    request: request()
                });
                return { permission: data.permission, role_name: data.role_name };
            }
            catch (error) {
                if (statusOf(error) === 404)
                    return null;
                throw error;
            }
        },
        async react(comment_id, content) {
            const { octokit, owner, repo } = await connect();
            await octokit.rest.reactions.createForIssueComment({
                owner,
                repo,
                comment_id,
                content,
                request: request()
            });
        },
        async reply(issue_number, body) {
            const { octokit, owner, repo } = await connect();
            await octokit.rest.issues.createComment({
                owner,
                repo,
                issue_number,
                body,
                request: request()
            });
        },
        async cancelWorkflowRun(run_id) {
            const { octokit, owner, repo } = await connect();
            try {
                await octokit.rest.actions.cancelWorkflowRun({ owner, repo, run_id, request: request() });
                return 'requested';
            }
            catch (error) {
                if (statusOf(error) === 409)
                    return 'finished';
                throw error;
            }
        }
    };
}
/** An API error as one line for a warning; never the token (octokit does not echo it). */
function apiErrorText(error) {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    return `${status ? `HTTP ${status}: ` : ''}${message.split('\n')[0] ?? ''}`.slice(0, 300);
}


/***/ })

};
