/**
 * B1's floor plus only the validation the stack prescribes for what it writes: the admission
 * and the first record parsed with the action's own zod/mini schemas (src/core) before
 * anything is written. The gap between this and the floor is what zod/mini costs a process
 * that validates two objects, whatever else the action does.
 */
import { StoredAdmissionSchema } from '../../src/core/admission.ts'
import { RecordSchema } from '../../src/core/record.ts'
import { floorAdmit } from './admitFloor.ts'

floorAdmit({
  validate(admission, record) {
    const checks = [StoredAdmissionSchema.safeParse(admission), RecordSchema.safeParse(record)]
    for (const check of checks) if (!check.success) throw new Error(check.error.message)
  }
})
