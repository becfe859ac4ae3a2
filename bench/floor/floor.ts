/** B1's floor (see admitFloor.ts): the admission with no validation at all. */
import { floorAdmit } from './admitFloor.ts'

floorAdmit()
