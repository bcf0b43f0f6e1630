import type { AnswerLine } from '../contract/trial-reading.ts'
import styles from './records.module.css'

/**
 * A stored trial's answered questions, each its label and its words (src/contract/trial-reading.ts):
 * the trial's page and the customer's trials tab list them alike.
 */
export function AnswerLines({ lines }: { lines: readonly AnswerLine[] }) {
  return (
    <dl className={styles.fields}>
      {lines.map((line) => (
        <div key={line.column} className={styles.contents}>
          <dt>{line.label}</dt>
          <dd>{line.values.join(', ')}</dd>
        </div>
      ))}
    </dl>
  )
}
