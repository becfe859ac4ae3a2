/** `dispatch-ledger key`: what an event derives (as the actions derive it) and who owns it. */
import { readGenerations } from '../commands/generations.js'
import { deriveDispatch } from '../core/dispatchKey.js'
import { admissionRef } from '../core/refs.js'
import { escapeControls } from '../core/text.js'
import { loadEventFile } from './event.js'
import type { CliContext, Exit } from './main.js'

export async function keyCommand(context: CliContext): Promise<Exit> {
  const { store, namespace, parsed } = context
  const name = parsed.values['event-name']
  const event = await loadEventFile(
    parsed.argument as string,
    typeof name === 'string' ? name : undefined
  )
  const derived = deriveDispatch({ eventName: event.name, payload: event.payload })
  const { generations } = await readGenerations(store, {
    namespace,
    dispatch_key: derived.dispatch_key
  })
  const newest = generations[generations.length - 1] ?? null
  const answer = {
    event_name: event.name,
    dispatch_key: derived.dispatch_key,
    request_digest: derived.request_digest,
    admission_ref: admissionRef(namespace, derived.dispatch_key),
    owner: newest && {
      run_id: newest.admission.run_id,
      generation: newest.generation,
      ledger_ref: newest.admission.ledger_ref,
      admitted_at: newest.admission.admitted_at
    }
  }
  if (context.json) {
    context.printJson(answer)
    return 0
  }
  const rows: Array<[string, string]> = [
    ['event', answer.event_name],
    ['dispatch key', answer.dispatch_key],
    ['request digest', answer.request_digest],
    ['admission', answer.admission_ref],
    [
      'owned by',
      answer.owner
        ? `${answer.owner.run_id} (generation ${answer.owner.generation}, admitted ${answer.owner.admitted_at})`
        : `no run: the key is not admitted in ${namespace} at ${store.name}`
    ]
  ]
  // Every value made inert here, where it is printed: the key and the names come from the event.
  for (const [k, v] of rows)
    context.print(`${context.style.paint('bold', k.padEnd(14))}  ${escapeControls(v)}`)
  return 0
}
