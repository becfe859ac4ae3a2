/**
 * Configures the zod every schema is built with. zod/mini rather than the classic API: an
 * action is a short-lived process, and mini costs less to load and to build schemas with
 * (bench B7). Messages in English; no JIT compilation of parsers, which a process that
 * parses a handful of values never recoups. Schema modules import this for its effect.
 */
import { config } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

config({ ...en(), jitless: true })
