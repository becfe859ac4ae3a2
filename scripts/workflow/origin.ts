/**
 * The test origin a local workflow run works against: a bare repository served over git's
 * smart HTTP (the tests' own server), reachable only through the permission gate. Its first
 * commit holds the seed files (e.g. the quick start's `start-agent`).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import {
  startGitHost,
  startGitHttpServer,
  type GitHost,
  type GitHttpServer
} from '../../testkit/gitHttpServer.ts'
import {
  start as startFakeGitHub,
  type FakeGitHub,
  type ReceiverConfig
} from '../../testkit/fakeGitHub/client.ts'
import type { UserConfig, WorkflowConfig } from '../../testkit/fakeGitHub/types.ts'
import { WorkflowError } from './errors.ts'
import { startGate } from './permissions.ts'
import type { GitHubApp, Origin } from './run.ts'

const exec = promisify(execFile)

export interface TestOrigin extends Origin {
  bareDir: string
  server: GitHttpServer
  /** the fake GitHub API behind the gate (GITHUB_API_URL), when started with fakeApi */
  api?: FakeGitHub
  /** the ledger repository, when started with ledgerRepository */
  ledger?: LedgerRepository
  close(): Promise<void>
}

/**
 * A ledger repository of its own (docs/design/ledger-repository.md) on the same server as the
 * origin: an empty repository of a GitHub-like git host (testkit startGitHost), reached through
 * the gate at `<GITHUB_SERVER_URL>/<owner>/<name>.git`, that only the installation token of
 * the run's GitHub App may write (the job's GITHUB_TOKEN is refused there).
 */
export interface LedgerRepository {
  /** owner/name */
  repository: string
  host: GitHost
  /** its bare repository on disk */
  bareDir: string
}

/**
 * The repository variable and secret the recommended setup names for the App
 * (docs/design/ledger-repository.md): `vars.LEDGER_APP_ID`, `secrets.LEDGER_APP_KEY`.
 */
export const LEDGER_APP_VARIABLE = 'LEDGER_APP_ID'
export const LEDGER_APP_SECRET = 'LEDGER_APP_KEY'

const OWNER_NAME = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/

/** The App installed on the ledger repository alone, and its installation token. */
function ledgerApp(repository: string, token: string): GitHubApp {
  const [owner, name] = repository.split('/') as [string, string]
  const slug = 'dispatch-ledger-local'
  return {
    id: '1047',
    slug,
    // Not a key: the runner checks it is the App's, it signs nothing.
    privateKey: [
      '-----BEGIN RSA PRIVATE KEY-----',
      `local-test-key-of-${slug}-${randomBytes(12).toString('hex')}`,
      '-----END RSA PRIVATE KEY-----'
    ].join('\n'),
    installation: { id: 4242, owner, repositories: [name], token }
  }
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')))
  const identity = { GIT_AUTHOR_NAME: 'seed', GIT_AUTHOR_EMAIL: 'seed@example.com' }
  const { stdout } = await exec('git', args, {
    cwd,
    env: {
      ...env,
      ...identity,
      GIT_COMMITTER_NAME: 'seed',
      GIT_COMMITTER_EMAIL: 'seed@example.com'
    }
  })
  return stdout.trim()
}

async function copyTree(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) {
    if (name === '.git') continue
    const source = join(from, name)
    const target = join(to, name)
    if ((await stat(source)).isDirectory()) await copyTree(source, target)
    else {
      await mkdir(dirname(target), { recursive: true })
      await copyFile(source, target)
      await chmod(target, (await stat(source)).mode)
    }
  }
}

/**
 * The origin's main branch from the seed: a git repository's HEAD commit as it is (its
 * history, nothing of its working tree or its other refs), any other directory's files as one
 * commit.
 */
async function seedOrigin(seedDir: string, at: { root: string; bareDir: string }): Promise<void> {
  const info = await stat(seedDir).catch(() => null)
  if (!info?.isDirectory())
    throw new WorkflowError(
      `--seed ${seedDir} is not a directory: give a directory or a git repository`
    )
  await git(at.root, 'init', '-q', '--bare', '-b', 'main', at.bareDir)
  const top = await git(seedDir, 'rev-parse', '--show-toplevel').catch(() => '')
  if (top !== '' && resolve(top) === resolve(seedDir)) {
    const head = await git(seedDir, 'rev-parse', '--verify', '-q', 'HEAD^{commit}').catch(() => '')
    if (head === '')
      throw new WorkflowError(
        `--seed ${seedDir} is a git repository without a commit: commit first`
      )
    await git(at.bareDir, 'fetch', '-q', resolve(seedDir), `${head}:refs/heads/main`)
    return
  }
  const seed = join(at.root, 'seed')
  await mkdir(seed)
  await git(seed, 'init', '-q', '-b', 'main')
  await copyTree(seedDir, seed)
  await git(seed, 'add', '-A')
  await git(seed, 'commit', '-q', '--allow-empty', '-m', 'seed')
  await git(seed, 'push', '-q', at.bareDir, 'main')
}

function firstLine(error: unknown): string {
  const { stderr, message } = error as { stderr?: string; message?: string }
  return (stderr?.trim() || message || String(error)).split('\n')[0] as string
}

/**
 * What `dir` holds for an origin kept across runs: nothing yet (it is made there), a bare
 * repository (reused as it is), or something else (refused).
 */
async function keptOrigin(dir: string): Promise<'new' | 'bare'> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw new WorkflowError(`--origin ${dir} cannot be read: ${error.message}`)
  })
  if (entries.length === 0) return 'new'
  const bare = await git(dir, 'rev-parse', '--is-bare-repository').catch(() => '')
  if (bare !== 'true')
    throw new WorkflowError(
      `--origin ${dir} is neither empty nor a bare git repository: give a new directory ` +
        '(the origin is made there) or one an earlier run made'
    )
  return 'bare'
}

/**
 * A fresh origin seeded with the files of `seedDir` (executable bits kept), or with `bareDir`
 * an origin kept there across runs: made and seeded when the directory is new or empty,
 * reused as it is otherwise (the seed is then not applied again), never removed.
 */
export async function startOrigin(options: {
  seedDir: string
  bareDir?: string
  owner?: string
  name?: string
  id?: number
  /**
   * Start the fake GitHub API (testkit/fakeGitHub/) behind the gate. Its receivers
   * clone this origin; `receiver: { mode: 'external' }` leaves dispatched runs to the caller (a
   * test that runs the receiver workflow itself).
   */
  fakeApi?:
    | boolean
    | {
        receiver?: ReceiverConfig
        /** the workflow files the repository has (404 for a dispatch to any other) */
        workflows?: Record<string, WorkflowConfig>
        /** known users: login → permission for the collaborator permission API */
        users?: Record<string, UserConfig>
      }
  /**
   * `owner/name` of a ledger repository to start beside the origin (empty, on a host of its
   * own behind the same server URL), with a GitHub App installed on it alone whose id and key
   * are the repository's `vars.LEDGER_APP_ID` and `secrets.LEDGER_APP_KEY`.
   */
  ledgerRepository?: string
}): Promise<TestOrigin> {
  const owner = options.owner ?? 'octo-org'
  const name = options.name ?? 'octo-repo'
  const root = await mkdtemp(join(tmpdir(), 'workflow-origin-'))
  const bareDir = options.bareDir ?? join(root, 'origin.git')
  const reuse = options.bareDir !== undefined && (await keptOrigin(options.bareDir)) === 'bare'
  let sha: string
  try {
    if (!reuse) await seedOrigin(options.seedDir, { root, bareDir })
    sha = await git(bareDir, 'rev-parse', 'main')
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    if (error instanceof WorkflowError) throw error
    throw new WorkflowError(
      `the origin could not be seeded from ${options.seedDir}: ${firstLine(error)}`
    )
  }
  const ledgerRepository = options.ledgerRepository
  if (ledgerRepository !== undefined && !OWNER_NAME.test(ledgerRepository))
    throw new WorkflowError(`the ledger repository ${ledgerRepository} is not an owner/name`)
  if (ledgerRepository === `${owner}/${name}`)
    throw new WorkflowError(
      `the ledger repository ${ledgerRepository} is the code repository: give one of its own`
    )
  const token = `ghs_${randomBytes(18).toString('base64url')}`
  const host =
    ledgerRepository === undefined
      ? undefined
      : await startGitHost({
          repositories: { [ledgerRepository]: { tokens: { [token]: 'write' } } }
        })
  const server = await startGitHttpServer({ bareDir })
  const gate = await startGate({
    gitUpstream: server.url,
    repository: `${owner}/${name}`,
    ...(host && ledgerRepository
      ? { hosted: { upstream: host.serverUrl, repositories: [ledgerRepository] } }
      : {})
  })
  const app = ledgerRepository === undefined ? undefined : ledgerApp(ledgerRepository, token)
  const id = options.id ?? 123456789
  const api = options.fakeApi
    ? await startFakeGitHub({
        origin: server.url,
        repo: { owner, name, id },
        ...(typeof options.fakeApi === 'object' ? options.fakeApi : {})
      })
    : undefined
  gate.setApi(api?.url)
  return {
    gate,
    owner,
    name,
    id,
    sha,
    bareDir,
    server,
    api,
    ...(app && host && ledgerRepository
      ? {
          app,
          vars: { [LEDGER_APP_VARIABLE]: app.id },
          secrets: { [LEDGER_APP_SECRET]: app.privateKey },
          ledger: { repository: ledgerRepository, host, bareDir: host.bareDir(ledgerRepository) }
        }
      : {}),
    close: async () => {
      await api?.stop()
      await gate.close()
      await server.close()
      await host?.close()
      await rm(root, { recursive: true, force: true })
    }
  }
}
