/**
 * Checks the fake against GitHub's published REST description, `@octokit/openapi`'s
 * api.github.com.json (OpenAPI 3.0.3 — the package ships no 3.1 variant): each route must be a
 * path and method of the description, and each answer must validate against the response
 * schema for its status. Schemas are checked with Ajv (JSON Schema draft-07 core plus the
 * OpenAPI 3.0 `nullable` keyword that Ajv supports natively) and ajv-formats; OpenAPI-only
 * annotations (example, x-github, discriminator…) are ignored (`strict: false`).
 *
 * An error status the description does not list for a route (GitHub answers 401/403/404/5xx
 * on every route) is checked against GitHub's generic `basic-error` schema.
 *
 * Any test can use `responseViolations(await gh.exchanges())` to check what its fake served,
 * and `requestViolations(await gh.exchanges())` to check that what the product sent matches
 * the description's request body schemas (a dispatch without `ref`, a release without
 * `tag_name`, an unknown reaction are caught there even when the fake was told to accept).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { splitKey, type RouteKey } from './routes.ts'
import type { Exchange } from './types.ts'

const DOC_ID = 'https://api.github.com/openapi.json'

interface Operation {
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> }
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>
}
interface Description {
  openapi: string
  info: { version: string }
  paths: Record<string, Record<string, Operation>>
  components: { responses: Record<string, Operation['responses'][string]> }
}

let loaded: { doc: Description; ajv: Ajv } | undefined
const compiled = new Map<string, ValidateFunction>()

export function description(): { doc: Description; ajv: Ajv } {
  if (loaded) return loaded
  const require = createRequire(import.meta.url)
  const file = require.resolve('@octokit/openapi/generated/api.github.com.json')
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Description
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false })
  // ajv-formats is CommonJS: its default export is the plugin under one interop or the other.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as unknown as (a: Ajv) => void
  addFormats(ajv)
  ajv.addSchema({
    $id: DOC_ID,
    paths: typelessNullable(doc.paths),
    components: typelessNullable(doc.components)
  })
  loaded = { doc, ajv }
  return loaded
}

/**
 * OpenAPI 3.0 lets `nullable: true` stand beside `allOf`/`anyOf`/`$ref` with no `type` (the
 * pull request and issue schemas do); Ajv's `nullable` needs a `type`. Such a schema becomes
 * `anyOf: [itself, null]`, which is what it means. Everything else is left as it is.
 */
function typelessNullable<T>(value: T): T {
  if (Array.isArray(value)) return value.map(typelessNullable) as T
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = typelessNullable(v)
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable
    return { anyOf: [out, { type: 'null' }] } as T
  }
  return out as T
}

const pointer = (parts: string[]): string =>
  parts.map(p => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/** The operation for a route key, or undefined when the description has no such route. */
export function operationFor(key: RouteKey): Operation | undefined {
  const { method, template } = splitKey(key)
  return description().doc.paths[template]?.[method.toLowerCase()]
}

function validatorAt(path: string[]): ValidateFunction {
  const ref = `${DOC_ID}#/${pointer(path)}`
  let validate = compiled.get(ref)
  if (!validate) {
    validate = description().ajv.compile({ $ref: ref })
    compiled.set(ref, validate)
  }
  return validate
}

/**
 * Where the schema for one answer lives: ['paths', template, method, 'responses', status, …],
 * or `null` for a documented answer without a body (204), or a problem string.
 */
function schemaPath(route: RouteKey | null, status: number): string[] | null | string {
  const basicError = ['components', 'schemas', 'basic-error']
  if (route === null) return status >= 400 ? basicError : `no route answered ${status}`
  const { method, template } = splitKey(route)
  const op = operationFor(route)
  if (!op) return `${route} is not in the description`
  const documented = op.responses[String(status)]
  if (!documented) return status >= 400 ? basicError : `${route} documents no ${status}`
  let base = ['paths', template, method.toLowerCase(), 'responses', String(status)]
  let response = documented
  if (documented.$ref) {
    const name = documented.$ref.split('/').pop() as string
    response = description().doc.components.responses[name] ?? {}
    base = ['components', 'responses', name]
  }
  if (!response.content) return null
  if (!response.content['application/json']?.schema) return `${route} ${status} has no JSON schema`
  return [...base, 'content', 'application/json', 'schema']
}

export interface Violation {
  seq: number
  route: RouteKey | null
  status: number
  problem: string
}

/** Every answer in `exchanges` that does not match the description (dropped/hung: no answer). */
export function responseViolations(exchanges: readonly Exchange[]): Violation[] {
  const out: Violation[] = []
  for (const e of exchanges) {
    if (typeof e.outcome !== 'number') continue
    const at = schemaPath(e.route, e.outcome)
    const base = { seq: e.seq, route: e.route, status: e.outcome }
    if (typeof at === 'string') out.push({ ...base, problem: at })
    else if (at === null) {
      if (e.responseBody !== undefined)
        out.push({ ...base, problem: 'a body where none is documented' })
    } else {
      const validate = validatorAt(at)
      if (!validate(e.responseBody))
        out.push({
          ...base,
          problem: description().ajv.errorsText(validate.errors, { separator: '; ' })
        })
    }
  }
  return out
}

/**
 * Every request in `exchanges` to a fake route whose JSON body does not match the route's
 * documented request body (missing where required, present where none is documented, or
 * failing the schema). Requests to no route are reported too.
 */
export function requestViolations(exchanges: readonly Exchange[]): Violation[] {
  const out: Violation[] = []
  for (const e of exchanges) {
    const base = {
      seq: e.seq,
      route: e.route,
      status: typeof e.outcome === 'number' ? e.outcome : 0
    }
    if (e.route === null) {
      out.push({ ...base, problem: `${e.method} ${e.path} is no route of the fake` })
      continue
    }
    const op = operationFor(e.route)
    const { method, template } = splitKey(e.route)
    const documented = op?.requestBody
    if (!documented) {
      if (e.requestBody !== undefined)
        out.push({ ...base, problem: 'a body where none is documented' })
      continue
    }
    if (e.requestBody === undefined) {
      if (documented.required) out.push({ ...base, problem: 'no body where one is required' })
      continue
    }
    if (!documented.content['application/json']?.schema) continue
    const validate = validatorAt([
      'paths',
      template,
      method.toLowerCase(),
      'requestBody',
      'content',
      'application/json',
      'schema'
    ])
    if (!validate(e.requestBody))
      out.push({
        ...base,
        problem: description().ajv.errorsText(validate.errors, { separator: '; ' })
      })
  }
  return out
}
