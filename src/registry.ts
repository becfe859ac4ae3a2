/**
 * Every command of the action named once: the action it is published as, when it needs the
 * event, the inputs it reads (with their one default) and the outputs it sets. Pure data over
 * the core: the action maps these commands to its steps (src/action/steps.ts), and nothing here
 * imports an adapter (the command line has its own four subcommands and reads none of this).
 * `npm run manifests` writes action.yml and `<command>/action.yml` from this file and
 * docs/reference.md from those manifests; __tests__/action/manifests.test.ts fails when a committed
 * one differs.
 */
import { REUSE_POLICIES } from './core/generation.js'
import { ON_SUCCESS } from './core/observation.js'
import { PERMISSION_LEVELS } from './core/operator/authorize.js'
import { INITIAL_STATES, STATES } from './core/states.js'

export const COMMANDS = [
  'admit',
  'preview',
  'record',
  'plan',
  'scan',
  'dispatch',
  'recover',
  'operate',
  'effect'
] as const
export type CommandName = (typeof COMMANDS)[number]

/**
 * When a command reads the triggering event. `derives-key`: it needs the event unless
 * dispatch-key is given; `selects-run`: unless dispatch-key or run-id is given; `required`:
 * always; `optional`: it reads the event when there is one.
 */
export type EventRule = 'derives-key' | 'selects-run' | 'required' | 'optional'

export interface InputSpec {
  readonly description: string
  /** The one default, as the manifest declares it (an expression is evaluated by the runner). */
  readonly default: string
  /** The values an enumerated input accepts (docs; inputs.ts checks them). */
  readonly values?: readonly string[]
}

export interface OutputSpec {
  readonly description: string
}

const TRUE_FALSE = ['true', 'false'] as const

/** Every input any command reads, in the order the manifests list them. */
export const INPUTS = {
  'dispatch-key': {
    description:
      'The dispatch key. Overrides the key derived from the event (scheme v1); required for events without a derivation (schedule and any event scheme v1 does not cover: it derives keys for issues, pull_request, pull_request_target, issue_comment, workflow_dispatch, repository_dispatch, workflow_run and push). At most 1024 UTF-8 bytes, no control characters.',
    default: ''
  },
  request: {
    description:
      'JSON merged into the digested request (under the key "request"), so that a changed request under the same key is a conflict rather than a replay.',
    default: ''
  },
  'run-id': {
    description: 'The run to act on. Default: the run the dispatch key (given or derived) admits.',
    default: ''
  },
  'initial-state': {
    description: "The state of a new run's first record, admitted (default) or proposed.",
    default: 'admitted',
    values: INITIAL_STATES
  },
  state: { description: 'The new state to append.', default: '', values: STATES },
  record: {
    description:
      'A JSON object with any of attempt, provider, failure, evidence, decision, note, input_key. The action fills in the rest.',
    default: ''
  },
  reuse: {
    description:
      'When a key whose run has ended may run again (a new generation): after-terminal (default: when the event happened after the run ended), after-cancelled (only after a cancelled run), or never. Only issues, pull_request(_target) and issue_comment events carry the time this needs; other events stay duplicates.',
    default: 'after-terminal',
    values: REUSE_POLICIES
  },
  'on-success': {
    description:
      "What a receiver's successful workflow run records on its coordinator's run, once observed: decide (default: candidate_observed, then decided approved by policy:on-success, so the run ends) or verify (candidate_observed only: the verification route goes on).",
    default: 'decide',
    values: ON_SUCCESS
  },
  observe: {
    description:
      'true: look up the receiver of every run waiting on one (plan observe_provider; needs permissions: actions: read) and record every concluded one in one atomic write, so those runs end or fail.',
    default: 'false',
    values: TRUE_FALSE
  },
  'on-conflict': {
    description:
      'What a conflict (same key, different request) does: fail (default) fails the step; output sets conflict=true and lets the step succeed, writing nothing.',
    default: 'fail',
    values: ['fail', 'output']
  },
  driver: {
    description:
      'workflow (GitHub workflow_dispatch to a fenced receiver) or command (your own shell command in run, optionally lookup).',
    default: '',
    values: ['workflow', 'command']
  },
  workflow: {
    description:
      'For driver workflow: the receiver workflow file in .github/workflows (for example receiver.yml). It must admit its event first and work only when owner is true.',
    default: ''
  },
  ref: {
    description: 'For driver workflow, the ref to dispatch on. Default GITHUB_REF.',
    default: ''
  },
  inputs: {
    description:
      "For driver workflow, a JSON object of strings passed as the receiver's inputs; the action adds dispatch_key (<run id>/a<attempt>).",
    default: ''
  },
  run: {
    description:
      'For driver command, the shell command (bash -eo pipefail) that sends the work. It gets DISPATCH_KEY, DISPATCH_RUN_ID, DISPATCH_ATTEMPT and DISPATCH_IDEMPOTENCY_KEY in its environment. Exit 0 sent (last stdout line a JSON object of strings: the external ids), 75 refused and retryable, 78 refused; anything else is ambiguous.',
    default: ''
  },
  lookup: {
    description:
      'For driver command, the shell command that looks an attempt up (same environment plus DISPATCH_EXTERNAL_IDS). Exit 0 with a JSON object of strings found, 1 the provider has nothing; anything else unknown. Among the strings, "conclusion": "success" or "failure" (and "concluded_at", RFC 3339) ends the run or fails the attempt when a later event\'s dispatch step looks it up; the sweep and recover never run it. Without a conclusion the run ends by a record step or an operator (/ledger cancel).',
    default: ''
  },
  fenced: {
    description:
      'For driver command, true when the provider deduplicates by DISPATCH_IDEMPOTENCY_KEY, so an unresolved attempt may be sent once more.',
    default: 'false',
    values: TRUE_FALSE
  },
  'max-attempts': {
    description:
      "How many attempts of the coordinator's workflow run there may be in all: a re-run is requested only while workflow_run.run_attempt is below it.",
    default: '3'
  },
  prefix: {
    description: 'The word an operator comment starts with, as in `/ledger approve <run id>`.',
    default: '/ledger'
  },
  operators: {
    description:
      "The comment authors' associations allowed to operate (comma-separated author_association values).",
    default: 'OWNER,MEMBER,COLLABORATOR'
  },
  'operator-permission': {
    description:
      "The least repository permission (read, triage, write, maintain, admin) the collaborator permission API must report for the comment's author.",
    default: 'write',
    values: PERMISSION_LEVELS.filter(level => level !== 'none')
  },
  'operator-bots': {
    description:
      'Bot logins allowed to operate (comma-separated, e.g. my-app[bot]). Other bots are refused.',
    default: ''
  },
  reply: {
    description: 'Post one reply comment with the outcome (true or false).',
    default: 'true',
    values: TRUE_FALSE
  },
  kind: {
    description:
      'The side effect to make exactly once: tag (an annotated tag, pushed in one atomic push with its journal record), release (a GitHub release), branch (a new branch at target, pushed like a tag), pull-request, comment or issue (each through the GitHub API; release, pull-request, comment and issue need token).',
    default: '',
    values: ['tag', 'release', 'branch', 'pull-request', 'comment', 'issue']
  },
  tag: {
    description: "The tag's name without refs/tags/ (for example v1.2.3).",
    default: ''
  },
  target: {
    description: 'The full commit id to tag, or to create the branch at. Default GITHUB_SHA.',
    default: ''
  },
  branch: {
    description:
      "For kind branch, the new branch's name without refs/heads/ (for example agent/issue-42). Created once, never moved.",
    default: ''
  },
  head: {
    description:
      'For kind pull-request, the branch to merge (branch, or owner:branch for another owner).',
    default: ''
  },
  base: {
    description: 'For kind pull-request, the branch to merge into (for example main).',
    default: ''
  },
  title: { description: 'For kind pull-request and issue, the title.', default: '' },
  body: {
    description:
      'For kind pull-request, comment and issue, the text; a marker comment naming the operation is added (a body that already carries one is refused).',
    default: ''
  },
  'issue-number': {
    description: 'For kind comment, the number of the issue or pull request to comment on.',
    default: ''
  },
  labels: {
    description: 'For kind issue, label names separated by commas or new lines.',
    default: ''
  },
  message: {
    description:
      'The tag message; a line naming the operation and its intent digest is added. Part of the intent: a re-run must pass the same message.',
    default: ''
  },
  'release-name': {
    description: "For kind release, the release's name. Default the tag.",
    default: ''
  },
  'release-body': {
    description:
      'For kind release, the release notes; a marker comment naming the operation is added so a lookup can tell the release is ours.',
    default: ''
  },
  draft: {
    description:
      'For kind release or pull-request, true for a draft. A draft release has no GitHub fence: a create whose answer was lost and that cannot be found is held unknown for an operator.',
    default: 'false',
    values: TRUE_FALSE
  },
  prerelease: {
    description: 'For kind release, true for a prerelease.',
    default: 'false',
    values: TRUE_FALSE
  },
  'operation-id': {
    description:
      "The operation's id, bound to the digest of its whole intent. Default <run-id>/<kind>/<what it names>: the tag, the branch, <base>...<head>, the issue number, or 12 hex digits of the issue title's sha256. The same id with another intent fails; a repeat sends nothing.",
    default: ''
  },
  namespace: {
    description:
      "The ref namespace that holds admissions and ledgers. No component may be one of its families (index, archive, runs, operations, admissions): a namespace inside another namespace's refs is refused.",
    default: 'refs/dispatch-ledger'
  },
  remote: {
    description:
      'Which store arbitrates: auto (origin inside GitHub Actions, the local repository under act or outside Actions; inside Actions without an origin the step fails, as a local store there decides nothing between runs), a remote name, or none (local refs only: the explicit choice of a store that gives no exactly-once between runs).',
    default: 'auto'
  },
  'repository-path': {
    description: 'The git repository to keep refs in. Default GITHUB_WORKSPACE.',
    default: ''
  },
  'archive-after': {
    description:
      'How long a run or operation keeps a ref of its own after its last write (a whole number of m, h or d, at most 365d; 0 archives after every write). Then it lives in the index: read, verified and appended to exactly as before, while pushes to the repository stay as fast as without dispatch-ledger.',
    default: '1h'
  },
  'ledger-repository': {
    description:
      'A repository of its own (owner/name) that holds the ledger instead of this one: only the ledger-token can write it, and this repository gets no refs of ours. Default empty: the ledger is in this repository (origin). No checkout is needed with it.',
    default: ''
  },
  'ledger-token': {
    description:
      'The token for the ledger-repository (contents: write on it, e.g. a GitHub App installation token for that repository only). Default the token input where the action has one. Sent to git only through its environment; never printed.',
    default: ''
  },
  'retention-days': {
    description:
      "Days a key is kept after its newest run ended; 0 (the default) keeps every key forever. A key past it is dropped at its index bucket's next write, its archived runs with it, and a later event for it is a new run. 1 to 89 is refused: GitHub re-runs a workflow up to 30 days after it started and a run may last 35 days.",
    default: '0'
  },
  token: {
    description:
      "The token for GitHub API calls. Default the job's token. git uses the credentials actions/checkout persisted; the token is never printed.",
    default: '${{ github.token }}'
  },
  'timeout-seconds': {
    description:
      'The bound on each GitHub API request or provider command; one that outlives it is ambiguous and looked up, never sent blind.',
    default: '30'
  }
} as const satisfies Record<string, InputSpec>
export type InputName = keyof typeof INPUTS

/** Every output any command sets, in the order the manifests list them. */
export const OUTPUTS = {
  run_id: { description: 'The run the dispatch key belongs to (the first admitted run).' },
  owner: {
    description:
      'true when this workflow run owns the returned run: its run id is gh-<GITHUB_RUN_ID>-..., or this workflow run wrote its first record. record and dispatch selected from the event act only for the owner; with run-id or dispatch-key any workflow run may act.'
  },
  created: { description: 'true when this step created the admission.' },
  recorded: { description: 'true when this step wrote a ledger record.' },
  dispatch_key: { description: 'The dispatch key used.' },
  dispatch_key_hash: {
    description: "Hex sha256 of the dispatch key (the last component of the admission's name)."
  },
  request_digest: { description: 'sha256 of the JCS canonical request.' },
  admission_ref: {
    description:
      "The admission's name, <namespace>/admissions/<sha256(key)> (.g<N> from generation 2): an entry of its index bucket <namespace>/index/<hh>."
  },
  ledger_ref: { description: "The run's ledger ref." },
  state: {
    description:
      "The run's current state. Empty (like terminal, sequence and attempt) for admit and preview in a workflow run that does not own the run: use the plan action with run-id to read it."
  },
  terminal: { description: "true when the run's state is terminal." },
  sequence: { description: "The ledger sequence of the run's newest record." },
  recovery_action: {
    description:
      'The one safe next action (none, dispatch, reconcile_provider, observe_provider, ...).'
  },
  recovery_reason: { description: 'Why that action is the safe one.' },
  blind_resubmission_forbidden: {
    description: 'true when submitting to the provider without a lookup could duplicate work.'
  },
  authority_required: {
    description: 'The gate that must independently allow the next action, or empty.'
  },
  conflict: { description: 'true when the key is admitted with a different request digest.' },
  attempt: {
    description:
      "The run's current attempt number (empty before the first dispatch): what a coordinator passes to the provider with the dispatch key."
  },
  receiver_confirmed: {
    description:
      'For an attempt sent to a receiver workflow: true once the receiver admission named the run that works (then workflow_run_id names it), false while the ledger holds only candidates (every run id a send returned); the next dispatch or plan confirms it.'
  },
  generation: {
    description:
      "The generation of the returned run: 1 for a key's first run, N when the key was asked again after generation N-1 had ended."
  },
  duplicate: { description: "true when the record's input_key was already recorded." },
  runs: { description: 'A JSON array of runs with their plans.' },
  observed: {
    description:
      "A JSON array of the runs this step recorded a receiver's conclusion on: run id, the state it left them in, the receiver's URL."
  },
  store: { description: 'Which store decided, local or the remote name.' },
  sent: { description: 'true when this step sent a request.' },
  submission_state: {
    description:
      "The attempt's submission state (not_submitted, submitted, ambiguous, definite_failure)."
  },
  external_ids: { description: "The attempt's external ids as a JSON object." },
  workflow_run_id: {
    description:
      'For driver workflow, the id of the workflow run that works (the run that won the receiver admission), once a receiver has admitted; empty before.'
  },
  workflow_run_url: {
    description:
      'For driver workflow, the URL of the workflow run that works (the run that won the receiver admission), once a receiver has admitted; empty before.'
  },
  rerun_requested: {
    description: "true when it asked GitHub to re-run the coordinator's failed jobs."
  },
  verb: { description: 'The verb the comment asked for (empty when none).' },
  outcome: {
    description:
      'applied, duplicate, conflict, rejected, unrecorded (a cancel the ledger could not record; the provider run was still cancelled) or noop.'
  },
  settled_outcome: {
    description:
      "The outcome settled under the verb's derived key (approved, rejected, cancelled, retry_allowed, sent, not_sent): the first outcome, which wins."
  },
  provider_cancelled: {
    description:
      'For cancel: true when GitHub accepted a cancel of at least one workflow run of the run (the receiver that owns its key, read at cancel time, and every candidate); false, with a warning, when there was none to cancel or GitHub refused.'
  },
  operation_id: { description: "The operation's id." },
  operation_state: {
    description:
      "The operation's recorded state: prepared, may_have_been_sent, observed, terminal_committed, terminal_no_commit, conflict or unknown."
  },
  tag_object: { description: "The annotated tag object's id (ours, once committed)." },
  release_id: { description: "For kind release, the release's id once committed." },
  release_url: { description: "For kind release, the release's html_url once committed." },
  url: {
    description: 'For kind pull-request, comment and issue, its html_url once committed.'
  },
  number: { description: 'For kind pull-request and issue, its number once committed.' },
  id: {
    description:
      "For kind pull-request, comment and issue, its numeric id once committed; for kind branch, the branch's commit."
  }
} as const satisfies Record<string, OutputSpec>
export type OutputName = keyof typeof OUTPUTS

export interface Command {
  readonly name: CommandName
  /** The manifest's description: what the action does. */
  readonly description: string
  readonly event: EventRule
  /** The inputs it reads; a description here replaces the catalogue's for this action. */
  readonly inputs: Partial<Record<InputName, string | null>>
  /** The outputs it sets; a description here replaces the catalogue's for this action. */
  readonly outputs: Partial<Record<OutputName, string | null>>
}

/** Where the store is: every command reads these. */
const STORE = {
  namespace: null,
  remote: null,
  'repository-path': null,
  'archive-after': null,
  'retention-days': null,
  'ledger-repository': null,
  'ledger-token': null
} as const

const RUN_OUTPUTS = {
  state: null,
  terminal: null,
  sequence: null,
  recovery_action: null,
  recovery_reason: null,
  blind_resubmission_forbidden: null,
  authority_required: null,
  attempt: null,
  receiver_confirmed: null
} as const

const IDENTITY_OUTPUTS = {
  run_id: null,
  dispatch_key: null,
  dispatch_key_hash: null,
  request_digest: null,
  ledger_ref: null,
  store: null
} as const

const ADMISSION_OUTPUTS = {
  ...IDENTITY_OUTPUTS,
  owner: null,
  created: null,
  recorded: null,
  admission_ref: null,
  conflict: null,
  generation: null,
  ...RUN_OUTPUTS
} as const

const SELECTED_RUN_OUTPUTS = { ...IDENTITY_OUTPUTS, owner: null, ...RUN_OUTPUTS } as const

export const REGISTRY: { readonly [N in CommandName]: Command & { readonly name: N } } = {
  admit: {
    name: 'admit',
    description:
      'Exactly-once dispatch for workflows, state kept as git refs: admit the event once and say if this run owns the work.',
    event: 'derives-key',
    inputs: {
      'dispatch-key': null,
      request: null,
      'run-id':
        'The run id to admit. Default gh-<GITHUB_RUN_ID>-<first 12 hex of sha256(dispatch key)>, with -g<N> appended for generation N >= 2 of the key (see reuse). A run-id you give is used for every generation.',
      'initial-state': null,
      reuse: null,
      'on-conflict': null,
      ...STORE
    },
    outputs: ADMISSION_OUTPUTS
  },
  preview: {
    name: 'preview',
    description:
      'Derive the dispatch key and look it up, writing nothing: what admit would answer.',
    event: 'derives-key',
    inputs: {
      'dispatch-key': null,
      request: null,
      'run-id': 'The run id admit would use. Default as admit derives it.',
      reuse: null,
      ...STORE
    },
    outputs: ADMISSION_OUTPUTS
  },
  record: {
    name: 'record',
    description: "Append one record to a run's ledger, by compare-and-set; a repeat is a no-op.",
    event: 'optional',
    inputs: { 'dispatch-key': null, 'run-id': null, state: null, record: null, ...STORE },
    outputs: { ...SELECTED_RUN_OUTPUTS, recorded: null, duplicate: null }
  },
  plan: {
    name: 'plan',
    description:
      'Reconstruct a run from its ledger, verifying the chain, and plan its one safe next action.',
    event: 'optional',
    inputs: { 'dispatch-key': null, 'run-id': null, ...STORE },
    outputs: SELECTED_RUN_OUTPUTS
  },
  scan: {
    name: 'scan',
    description: 'Plan every run that has not ended, and name orphans and runs that do not verify.',
    event: 'optional',
    inputs: {
      observe: null,
      'on-success': null,
      'timeout-seconds': null,
      token:
        "The token for observe's lookups (needs permissions: actions: read). Default the job's token; never printed.",
      ...STORE
    },
    outputs: {
      runs: 'A JSON array of the non-terminal runs with their plans, then orphans and runs that do not verify.',
      observed: null,
      store: null
    }
  },
  dispatch: {
    name: 'dispatch',
    description:
      'Admit the event and send its work once through a driver, intent and outcome recorded; a lost answer is looked up.',
    event: 'selects-run',
    inputs: {
      'dispatch-key': null,
      'run-id': null,
      request:
        'For a run this step admits itself (selected from the event, not admitted yet): a JSON object merged into the digested request, as admit takes it.',
      reuse: null,
      'on-success': null,
      driver: null,
      workflow: null,
      ref: null,
      inputs: null,
      run: null,
      lookup: null,
      fenced: null,
      'timeout-seconds': null,
      token:
        "The token for the workflow_dispatch call of driver workflow (needs permissions: actions: write). Default the job's token; never printed.",
      ...STORE
    },
    outputs: {
      ...SELECTED_RUN_OUTPUTS,
      created: 'true when this step admitted the run itself, in the same write as its intent.',
      recorded: 'true when this step admitted the run and wrote its first record (as admit).',
      admission_ref: null,
      conflict: null,
      generation: null,
      sent: 'true when this step sent a request to the provider.',
      submission_state: null,
      external_ids: null,
      workflow_run_id: null,
      workflow_run_url: null
    }
  },
  recover: {
    name: 'recover',
    description:
      "On workflow_run: record a receiver's end on its coordinator's run, or re-run a killed coordinator's failed jobs.",
    event: 'required',
    inputs: {
      'run-id': 'The run to recover. Default every open run of the coordinator.',
      'max-attempts': null,
      'on-success': null,
      'timeout-seconds': null,
      token:
        "The token for the re-run call (needs permissions: actions: write). Default the job's token; never printed.",
      ...STORE
    },
    outputs: {
      run_id: 'The run that owns the recovery key.',
      dispatch_key: null,
      owner: null,
      duplicate: 'true when this workflow_run attempt was already recovered.',
      runs: "The coordinator's open runs with their plans and what was done.",
      rerun_requested: null,
      observed: null,
      recovery_reason: 'What was done and why.',
      store: null
    }
  },
  operate: {
    name: 'operate',
    description:
      "Execute an operator's comment (/ledger approve, deny, cancel, retry, resolve…): one verb on one run, authorized.",
    event: 'optional',
    inputs: {
      prefix: null,
      operators: null,
      'operator-permission': null,
      'operator-bots': null,
      reply: null,
      'timeout-seconds': null,
      token:
        "The token for the permission check, the reaction, the reply and cancelling the provider's workflow run. Default the job's token; never printed.",
      ...STORE
    },
    outputs: {
      ...IDENTITY_OUTPUTS,
      ...RUN_OUTPUTS,
      recorded: null,
      verb: null,
      outcome: null,
      settled_outcome: null,
      provider_cancelled: null
    }
  },
  effect: {
    name: 'effect',
    description:
      'A tag, a release, a branch, a pull request, a comment or an issue made exactly once, never guessed.',
    event: 'optional',
    inputs: {
      kind: null,
      tag: null,
      target: null,
      branch: null,
      head: null,
      base: null,
      title: null,
      body: null,
      'issue-number': null,
      labels: null,
      message: null,
      'release-name': null,
      'release-body': null,
      draft: null,
      prerelease: null,
      'operation-id': null,
      'run-id': 'The run the operation belongs to (part of the default operation-id).',
      'timeout-seconds': null,
      token:
        "For kind release, pull-request, comment and issue, the token for the API calls (needs permissions: contents: write for a release, pull-requests: write for a pull request or a comment on one, issues: write for an issue or a comment on one). Default the job's token; never printed.",
      ...STORE
    },
    outputs: {
      operation_id: null,
      operation_state: null,
      tag_object: null,
      release_id: null,
      release_url: null,
      url: null,
      number: null,
      id: null,
      sent:
        "true when this step's request went out: a create, or a tag or branch push that its lease " +
        'let through (one refused because the ref exists or another step recorded first made nothing).'
    }
  }
}

export function isCommandName(name: string): name is CommandName {
  return (COMMANDS as readonly string[]).includes(name)
}

/** The inputs a command reads, in catalogue order, each with its description for that action. */
export function inputsOf(command: Command): Array<[InputName, InputSpec]> {
  return (Object.keys(INPUTS) as InputName[])
    .filter(name => Object.hasOwn(command.inputs, name))
    .map(name => [
      name,
      { ...INPUTS[name], description: command.inputs[name] ?? INPUTS[name].description }
    ])
}

/** The outputs a command sets, in catalogue order, each with its description for that action. */
export function outputsOf(command: Command): Array<[OutputName, OutputSpec]> {
  return (Object.keys(OUTPUTS) as OutputName[])
    .filter(name => Object.hasOwn(command.outputs, name))
    .map(name => [name, { description: command.outputs[name] ?? OUTPUTS[name].description }])
}

/** Whether a step needs the event file, by its rule and the inputs it was given. */
export function needsEvent(
  rule: EventRule,
  inputs: { readonly dispatchKey: string; readonly runId: string }
): boolean {
  switch (rule) {
    case 'derives-key':
      return !inputs.dispatchKey
    case 'selects-run':
      return !inputs.dispatchKey && !inputs.runId
    case 'required':
      return true
    case 'optional':
      return false
  }
}
