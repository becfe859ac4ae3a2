/**
 * How `command: operate` answers on the comment: a reaction for the outcome and, when asked,
 * one reply comment (never a second one for a redelivered comment). A failure to answer is a
 * warning, never a failed step.
 */
import type { OperatorComment } from '../core/operator/comment.js'
import { replyBody } from '../core/operator/reply.js'
import { apiErrorText, type Reaction } from '../github/operatorApi.js'
import type { OperateOutcome, Operation, OperateResult, Settled } from './operate.js'

const REACTION: Record<OperateOutcome, Reaction> = {
  applied: '+1',
  duplicate: '+1',
  rejected: '-1',
  conflict: 'confused',
  unrecorded: 'confused',
  noop: 'eyes'
}

export async function respond(
  request: Operation,
  comment: OperatorComment,
  result: Settled
): Promise<OperateResult> {
  const warnings = [...(result.warnings ?? [])]
  let reaction: Reaction | null = null
  let replied = false
  const redelivered = result.redelivered === true
  if (request.api !== null) {
    const wanted = REACTION[result.outcome]
    try {
      await request.api.react(comment.id, wanted)
      reaction = wanted
    } catch (error) {
      warnings.push(`the ${wanted} reaction could not be added (${apiErrorText(error)})`)
    }
    if (request.reply && !redelivered) {
      try {
        await request.api.reply(
          comment.issue_number,
          replyBody({
            verb: result.verb,
            outcome: result.outcome,
            reason: result.reason,
            settled_outcome: result.settled_outcome,
            run_id: result.run?.state.run_id ?? null,
            state: result.run?.state.state ?? null,
            next_action: result.run?.plan.action ?? null,
            warnings
          })
        )
        replied = true
      } catch (error) {
        warnings.push(`the reply could not be posted (${apiErrorText(error)})`)
      }
    }
  }
  return { ...result, comment, warnings, reaction, replied, redelivered }
}
