import { sql } from 'drizzle-orm'
import type { TrialBody } from '#contract/trial.ts'
import { batchedPerTurn } from '../../db/batched-per-turn.ts'
import type { Database } from '../../db/database.ts'
import { preparedPerDatabase, preparedSql } from '../../db/prepared.ts'
import { rowsOf } from '../../db/raw-rows.ts'
import { sqlStateOf } from '../../db/sql-state.ts'
import {
  createdAnswer,
  keyLockName,
  keyRetentionMs,
  requestHashOf,
  withoutClaim,
  type Created,
} from '../../http/idempotency.ts'
import type { Capture } from './capture-time.ts'
import { consentRowsOf } from './consents.ts'
import { answerColumns } from './queries.ts'

/** A trial to store, at most once per user and `Idempotency-Key` when it comes with one. */
export type TrialToCreate = {
  userId: number
  /** Null when the user has no store to file it at (a manager checked in nowhere). */
  storeId: number | null
  /** Only at an open store: anyone's but a manager's, whose own store may be archived since. */
  onlyOpen: boolean
  comment: TrialBody['comment']
  /** The consents the body recorded (none from older apps). */
  consents?: TrialBody['consents']
  /** The content edition its answers are of (1 before bodies named one). */
  contentEdition: number
  /** When it arrived. */
  now: Date
  /** When it happened, and how far to trust that (`captureOf`). */
  capture: Capture
  /** The `App-Version` of the request that brought it. */
  appVersion: string | null
  /**
   * Set when its contact was erased before it arrived (server/privacy/erased-contacts.ts): it is
   * stored without its contact and free texts.
   */
  anonymisedAt?: Date
  /** The translated message of the 201 answer, which the key keeps for a replay. */
  message: string
  key: string | undefined
  /** The body as it was sent: its hash tells a replay from another use of the key. */
  body: unknown
}

/**
 * What the statement did for one trial: its new id, whether its key's lock was free, whether its
 * store allowed it, and the trial its key already named (with the hash of that trial's body).
 */
type Outcome = {
  id: number | null
  taken: boolean
  possible: boolean
  kept: { id: number; requestHash: string | null } | null
}

type Result = { outcome: Outcome } | { failure: unknown }

/**
 * The statement's values for one trial, made before it joins the turn's others: what fails here
 * (a body too strange to hash) fails its own request only.
 */
function askedOf(trial: TrialToCreate) {
  const columns = answerColumns(trial)
  const anonymised = trial.anonymisedAt !== undefined
  return {
    userId: trial.userId,
    key: trial.key ?? null,
    requestHash: trial.key === undefined ? null : requestHashOf(trial.body),
    lockName: trial.key === undefined ? null : keyLockName(trial.userId, trial.key),
    storeId: trial.storeId,
    onlyOpen: trial.onlyOpen,
    kind: columns.kind,
    answers: JSON.stringify(columns.answers),
    gender: columns.gender,
    ageRange: columns.ageRange,
    shopping: columns.shopping,
    email: anonymised ? null : columns.email,
    phone: anonymised ? null : columns.phone,
    anonymisedAt: trial.anonymisedAt?.toISOString() ?? null,
    createdAt: trial.now.toISOString(),
    capturedAt: trial.capture.capturedAt.toISOString(),
    appVersion: trial.appVersion,
    contentEdition: trial.contentEdition,
    captureUncertain: trial.capture.captureUncertain,
    clockSkewed: trial.capture.clockSkewed,
    captureImplausible: trial.capture.captureImplausible,
    message: trial.message,
    consents: JSON.stringify(consentRowsOf(trial.comment, trial.consents)),
  }
}

type Asked = ReturnType<typeof askedOf>

/** The statement's arrays, in the order its `asked` rows name them: each trial's value, typed. */
const askedColumns = [
  ['userId', 'integer'],
  ['key', 'uuid'],
  ['requestHash', 'text'],
  ['lockName', 'text'],
  ['storeId', 'integer'],
  ['onlyOpen', 'boolean'],
  ['kind', 'text'],
  ['answers', 'text'],
  ['gender', 'text'],
  ['ageRange', 'text'],
  ['shopping', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['anonymisedAt', 'timestamptz'],
  ['createdAt', 'timestamptz'],
  ['capturedAt', 'timestamptz'],
  ['appVersion', 'text'],
  ['contentEdition', 'integer'],
  ['captureUncertain', 'boolean'],
  ['clockSkewed', 'boolean'],
  ['captureImplausible', 'boolean'],
  ['message', 'text'],
  ['consents', 'text'],
] as const satisfies readonly (readonly [keyof Asked, string])[]

/**
 * Stores trials in one statement, each as it would be alone (`withoutClaim` tells the rule): the
 * trials come in as arrays, one element each, and row `n` (from 1) of the answer is the trial at
 * place n. Per trial with a key: a transaction-scoped advisory lock on the key; the trial its key
 * already names (`kept`: keys stay on their trial for good); otherwise the new id drawn when the
 * lock is free and the store allows it; the key claimed `done` with the answer that tells that id
 * (a key older than the retention is claimed again); the trial inserted when its key was claimed
 * (or it has none), with its consents. A trial of the same store and customer (email or phone)
 * captured within 10 minutes of another, stored before or in this statement, is marked a possible
 * duplicate of it, and the other of it. All or nothing: a failure stores none of them.
 */
function createStatement() {
  const arrays = askedColumns.map(
    ([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`,
  )
  return sql`
    with asked as (
      select * from unnest(${sql.join(arrays, sql`, `)})
      with ordinality as asked(user_id, key, request_hash, lock_name, store_id, only_open, kind,
        answers, gender, age_range, shopping, email, phone, anonymised_at, created_at, captured_at,
        app_version, content_edition, capture_uncertain, clock_skewed, capture_implausible, message,
        consents, n)
    ),
    lock as (
      select n, case when lock_name is null then true
        else pg_try_advisory_xact_lock(hashtextextended(lock_name, 0)) end as taken
      from asked
    ),
    kept as (
      -- Lateral, one index probe per trial: a generic plan must not read the table whole.
      select asked.n, found.id, found.request_hash
      from asked cross join lateral (
        select trials.id, trials.request_hash from trials
        where trials.user_id = asked.user_id and trials.idempotency_key = asked.key
        limit 1
      ) found
      where asked.key is not null
    ),
    source as (
      select asked.n, stores.id as store_id
      from asked join stores on stores.id = asked.store_id
      where not asked.only_open or stores.archived_at is null
    ),
    new_row as (
      select lock.n, nextval(pg_get_serial_sequence('trials', 'id')) as id
      from lock join source on source.n = lock.n
      where lock.taken and not exists (select 1 from kept where kept.n = lock.n)
      -- Ids in the order asked: the database draws them after sorting.
      order by lock.n
    ),
    claim as (
      insert into idempotency_keys
        (user_id, key, request_hash, status, response_status, response_body, created_at)
      select asked.user_id, asked.key, asked.request_hash, 'done', 201,
        jsonb_build_object('data', jsonb_build_object('id', new_row.id), 'message', asked.message),
        asked.created_at
      from new_row join asked on asked.n = new_row.n
      where asked.key is not null
      on conflict (user_id, key) do update
        set request_hash = excluded.request_hash, status = excluded.status,
          response_status = excluded.response_status, response_body = excluded.response_body,
          created_at = excluded.created_at
        where idempotency_keys.created_at
          < excluded.created_at - ${keyRetentionMs} * interval '1 millisecond'
      returning user_id, key
    ),
    inserting as (
      select new_row.n, new_row.id, source.store_id, asked.user_id, asked.key, asked.request_hash,
        asked.kind, asked.answers, asked.gender, asked.age_range, asked.shopping, asked.email,
        asked.phone, asked.anonymised_at, asked.created_at, asked.captured_at, asked.app_version,
        asked.content_edition, asked.capture_uncertain, asked.clock_skewed,
        asked.capture_implausible
      from new_row join asked on asked.n = new_row.n join source on source.n = new_row.n
      where asked.key is null
        or exists (select 1 from claim where claim.user_id = asked.user_id and claim.key = asked.key)
    ),
    duplicate as (
      -- One scan of the statement's trials, so that the insert reads no other CTE: a stored trial
      -- from its index, (lower(email) | phone, store_id, captured_at), the latest first; else
      -- the statement's own neighbour by capture time, per store and contact.
      select inserting.*, case when inserting.email is null and inserting.phone is null then null
        else coalesce(
          (select trials.id from trials
            where lower(trials.email) = lower(inserting.email)
              and trials.store_id = inserting.store_id
              and trials.captured_at between inserting.captured_at - interval '10 minutes'
                and inserting.captured_at + interval '10 minutes'
            order by trials.captured_at desc limit 1),
          (select trials.id from trials
            where trials.phone = inserting.phone
              and trials.store_id = inserting.store_id
              and trials.captured_at between inserting.captured_at - interval '10 minutes'
                and inserting.captured_at + interval '10 minutes'
            order by trials.captured_at desc limit 1),
          case when inserting.email is not null and lag(inserting.captured_at) over by_email
            >= inserting.captured_at - interval '10 minutes' then lag(inserting.id) over by_email end,
          case when inserting.email is not null and lead(inserting.captured_at) over by_email
            <= inserting.captured_at + interval '10 minutes' then lead(inserting.id) over by_email end,
          case when inserting.phone is not null and lag(inserting.captured_at) over by_phone
            >= inserting.captured_at - interval '10 minutes' then lag(inserting.id) over by_phone end,
          case when inserting.phone is not null and lead(inserting.captured_at) over by_phone
            <= inserting.captured_at + interval '10 minutes' then lead(inserting.id) over by_phone end
        ) end as dup_of
      from inserting
      window
        by_email as (partition by inserting.store_id, lower(inserting.email)
          order by inserting.captured_at, inserting.n),
        by_phone as (partition by inserting.store_id, inserting.phone
          order by inserting.captured_at, inserting.n)
    ),
    marked as (
      update trials set possible_duplicate_of =
        (select min(duplicate.id) from duplicate where duplicate.dup_of = trials.id)
      where trials.id = any(array(select dup_of from duplicate where dup_of is not null))
        and trials.possible_duplicate_of is null
      returning trials.id
    ),
    created as (
      insert into trials (id, user_id, store_id, kind, answers, gender, age_range, shopping, email,
        phone, created_at, received_at, captured_at, app_version, content_edition,
        capture_uncertain, clock_skewed, capture_implausible, idempotency_key, request_hash,
        possible_duplicate_of, anonymised_at)
        overriding system value
      select id, user_id, store_id, kind,
        case when anonymised_at is null then answers::jsonb
          else anonymised_answers(answers::jsonb) end,
        gender, age_range, shopping, email, phone, created_at, created_at, captured_at,
        app_version, content_edition, capture_uncertain, clock_skewed, capture_implausible, key,
        request_hash, dup_of, anonymised_at
      from duplicate
      returning id
    ),
    consented as (
      insert into trial_consents (trial_id, consent, given, ticked_by, text_id, locale)
      select created.id, recorded.consent, recorded.given, recorded.ticked_by, recorded.text_id,
        recorded.locale
      from created join new_row on new_row.id = created.id join asked on asked.n = new_row.n
        cross join jsonb_to_recordset(asked.consents::jsonb)
          as recorded(consent text, given boolean, ticked_by text, text_id text, locale text)
    )
    select lock.n::integer as n, created.id, lock.taken, source.n is not null as possible,
      kept.id as kept_id, kept.request_hash as kept_hash
    from lock
      left join source on source.n = lock.n
      left join new_row on new_row.n = lock.n
      left join created on created.id = new_row.id
      left join kept on kept.n = lock.n
    order by lock.n`
}

/**
 * Prepared once per database: PostgreSQL parses the statement once per connection and, after its
 * first few runs, keeps one plan for it. Planning it takes as long as running it.
 */
const createTrials = preparedPerDatabase((db) =>
  preparedSql(db, 'create_trials', createStatement()),
)

async function runStatement(db: Database, trials: Asked[]): Promise<Outcome[]> {
  const values = Object.fromEntries(
    askedColumns.map(([name]) => [name, trials.map((trial) => trial[name])]),
  )
  const rows = rowsOf(await createTrials(db).execute(values))
  return trials.map((_, index) => {
    const row = rows[index]
    if (row?.n !== index + 1) throw new Error('the trials statement answered out of order')
    const id = row.id === null || row.id === undefined ? null : Number(row.id)
    const keptId = row.kept_id === null || row.kept_id === undefined ? null : Number(row.kept_id)
    const keptHash = typeof row.kept_hash === 'string' ? row.kept_hash : null
    const kept = keptId === null ? null : { id: keptId, requestHash: keptHash }
    return { id, taken: row.taken === true, possible: row.possible === true, kept }
  })
}

/**
 * Runs the statement for trials with no key twice among them. When the database refuses it for
 * several (and so stored none of them), each trial is tried alone, one after another (so that the
 * stored ones keep the order asked in their ids), and one trial's failure is its own; any other
 * failure (the connection lost: it may have committed) is every one's.
 */
async function runRound(db: Database, trials: Asked[]): Promise<Result[]> {
  try {
    return (await runStatement(db, trials)).map((outcome) => ({ outcome }))
  } catch (failure) {
    if (trials.length === 1 || sqlStateOf(failure) === null) return trials.map(() => ({ failure }))
    const results: Result[] = []
    for (const trial of trials) results.push((await runRound(db, [trial]))[0] ?? { failure })
    return results
  }
}

/**
 * The trials of one turn. A key sent twice in one turn (a user's device retrying at once) goes
 * in a later round, so that it meets its first use as it would one request later.
 */
const createdInTurn = batchedPerTurn(async (db: Database, trials: Asked[]) => {
  const results = new Map<Asked, Result>()
  let rest = trials
  while (rest.length > 0) {
    const keys = new Set<string>()
    const round: Asked[] = []
    const later: Asked[] = []
    for (const trial of rest) {
      const lock = trial.lockName
      if (lock !== null && keys.has(lock)) later.push(trial)
      else {
        if (lock !== null) keys.add(lock)
        round.push(trial)
      }
    }
    const roundResults = await runRound(db, round)
    round.forEach((trial, index) => {
      const result = roundResults[index]
      if (result) results.set(trial, result)
    })
    rest = later
  }
  return results
})

/**
 * Stores a trial at most once per user and key (docs/behaviour.md#repeat-safe-requests), with the
 * other trials of the same turn: `created` with its 201 answer, `replayed` (the key's first
 * answer), `impossible` (no such store, or not open); 409 while the key's first request is at work,
 * 422 for the key with another body.
 */
export async function createTrialOnce(db: Database, trial: TrialToCreate): Promise<Created> {
  const asked = askedOf(trial)
  const result = await createdInTurn(db, asked)
  if (!result) throw new Error('a trial was left unanswered')
  if ('failure' in result) throw result.failure
  const { id, taken, possible, kept } = result.outcome
  if (id !== null) return { kind: 'created', answer: createdAnswer(id, trial.message) }
  const { key, requestHash } = asked
  if (key === null || requestHash === null) return { kind: 'impossible' }
  return withoutClaim(
    db,
    { userId: trial.userId, key, requestHash, now: trial.now },
    { taken, possible },
    kept && { ...kept, message: trial.message },
  )
}
