import { run } from './main.js'

// The action's entry point: everything happens in run().
void run()
