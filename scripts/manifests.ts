/**
 * The action manifests and the reference page, as text, from the command registry
 * (src/registry.ts): `action.yml` for admit, `<command>/action.yml` for every other command,
 * and docs/reference.md from those manifests. __tests__/action/manifests.test.ts and
 * __tests__/e2e/reference.test.ts fail when a committed file differs; `npm run manifests` rewrites
 * them. (The registry is TypeScript that Node's type stripping cannot load, so the writing is
 * done by those tests, under ts-jest.)
 */
import type { Manifest } from './runner.ts'

export interface ManifestSource {
  readonly name: string
  readonly description: string
  readonly inputs: ReadonlyArray<readonly [string, { description: string; default: string }]>
  readonly outputs: ReadonlyArray<readonly [string, { description: string }]>
}

export const GENERATED =
  '# Generated from src/registry.ts by `npm run manifests`; do not edit by hand.'

/** Where a command's manifest lives: the root for admit, its own folder otherwise. */
export function manifestFile(command: string): string {
  return command === 'admit' ? 'action.yml' : `${command}/action.yml`
}

/** A command's entry in the shared bundle, relative to its manifest's folder. */
export function mainOf(command: string): string {
  return command === 'admit' ? 'dist/admit.js' : `../dist/${command}.js`
}

/** A folded block scalar, wrapped so a line stays under 100 columns. */
function folded(text: string, indent: number): string[] {
  const pad = ' '.repeat(indent)
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && pad.length + line.length + 1 + word.length > 96) {
      lines.push(pad + line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(pad + line)
  return lines
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

export function manifestText(source: ManifestSource): string {
  const root = source.name === 'admit'
  const lines = [
    GENERATED,
    `name: ${root ? 'dispatch-ledger' : `dispatch-ledger ${source.name}`}`,
    'description: >-',
    ...folded(source.description, 2),
    'author: dispatch-ledger',
    ...(root ? ['branding:', '  icon: lock', '  color: blue'] : []),
    '',
    'inputs:'
  ]
  for (const [name, input] of source.inputs)
    lines.push(
      `  ${name}:`,
      '    description: >-',
      ...folded(input.description, 6),
      '    required: false',
      `    default: ${quoted(input.default)}`
    )
  lines.push('', 'outputs:')
  for (const [name, output] of source.outputs)
    lines.push(`  ${name}:`, '    description: >-', ...folded(output.description, 6))
  lines.push('', 'runs:', '  using: node24', `  main: ${mainOf(source.name)}`, '')
  return lines.join('\n')
}

/** Manifest text as one table cell: one line, pipes and angle brackets escaped. */
function cell(text: string | undefined): string {
  return (text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replaceAll('|', '\\|')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

/** The repository the project is published as, in every `uses:` line the docs show. */
export const PUBLISHED_AS = 'octo-org/dispatch-ledger'

/**
 * A step that uses the action with every input set to its default, each described in a
 * comment above it (as actions/checkout's README shows its usage): a block to copy.
 */
function usageBlock(uses: string, manifest: Manifest): string[] {
  const lines = ['```yaml', `- uses: ${uses}`, '  with:']
  for (const [name, entry] of Object.entries(manifest.inputs ?? {})) {
    const description = (entry as { description?: string }).description ?? ''
    lines.push(...folded(description, 4).map(line => `    # ${line.trimStart()}`))
    lines.push(`    ${name}: ${quoted(entry.default ?? '')}`, '')
  }
  if (lines.at(-1) === '') lines.pop()
  return [...lines, '```']
}

/** docs/reference.md: per action, its `uses:` line, a usage block and its input and output tables. */
export function referencePage(manifests: ReadonlyArray<readonly [string, Manifest]>): string {
  const sections = manifests.flatMap(([command, manifest]) => {
    const folder = command === 'admit' ? '' : `/${command}`
    const inputs = Object.entries(manifest.inputs ?? {}).map(
      ([name, entry]) =>
        `| \`${name}\` | ${entry.default ? `\`${cell(entry.default)}\`` : ''} | ${cell((entry as { description?: string }).description)} |`
    )
    const outputs = Object.entries(manifest.outputs ?? {}).map(
      ([name, entry]) => `| \`${name}\` | ${cell(entry.description)} |`
    )
    return [
      `## ${command}`,
      '',
      `\`uses: ${PUBLISHED_AS}${folder}@v0\` (\`${manifestFile(command)}\`): ${cell((manifest as { description?: string }).description)}`,
      '',
      ...usageBlock(`${PUBLISHED_AS}${folder}@v0`, manifest),
      '',
      '### Inputs',
      '',
      '| input | default | description |',
      '| --- | --- | --- |',
      ...inputs,
      '',
      '### Outputs',
      '',
      '| output | description |',
      '| --- | --- |',
      ...outputs,
      ''
    ]
  })
  return [
    '<!-- Generated from the action manifests by `npm run manifests`; do not edit by hand. -->',
    '',
    '# Reference',
    '',
    'One action per command: the root action admits the triggering event, and every other',
    'command is an action in its own folder that declares only its own inputs and outputs, so',
    'the runner warns about an input the action does not take. The manifests are generated',
    'from the command registry (`src/registry.ts`).',
    '',
    ...manifests.map(([command]) => `- [${command}](#${command})`),
    '',
    ...sections
  ].join('\n')
}
