/**
 * B7's baseline: a bundle of @actions/core alone that reads one input and sets one output,
 * the start-up cost any JavaScript action pays before doing its own work.
 */
import * as core from '@actions/core'

core.setOutput('command', core.getInput('command'))
