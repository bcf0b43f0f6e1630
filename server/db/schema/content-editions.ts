import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  uniqueIndex,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { EditionConsents, EditionLists, EditionState } from '#contract/content-edition.ts'
import { createdAt, generatedId } from './columns.ts'
import { users } from './users.ts'

/**
 * The content editions (docs/api.md#content-editions): the trial's answer lists and consent texts.
 * Edition 1, today's built-in content, is inserted by its migration (decision 29). A draft is
 * edited (`revision` counts its saves: its ETag), then published now or scheduled; a scheduled
 * one is published by the first read after its `publish_at`, which supersedes the one before.
 * Only drafts are deleted: an edition a trial may name is kept.
 */
export const contentEditions = pgTable(
  'content_editions',
  {
    id: generatedId(),
    state: text('state').$type<EditionState>().notNull().default('draft'),
    lists: jsonb('lists').$type<EditionLists>().notNull(),
    consents: jsonb('consents').$type<EditionConsents>().notNull(),
    consentAutoTick: boolean('consent_auto_tick').notNull(),
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    /** Null for edition 1, which no one made. */
    createdBy: integer('created_by').references(() => users.id),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.id),
  },
  (table) => [
    index('content_editions_state_index').on(table.state, table.publishAt),
    // One edition in use at a time, whichever process publishes.
    uniqueIndex('content_editions_published_index')
      .on(table.state)
      .where(sql`${table.state} = 'published'`),
    check(
      'content_editions_state_check',
      sql`${table.state} in ('draft', 'scheduled', 'published', 'superseded')`,
    ),
  ],
)
