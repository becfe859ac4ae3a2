/** A workflow this runner cannot run as written: the message names the construct and why. */
export class WorkflowError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WorkflowError'
  }
}
