import type { ReactNode } from 'react'
import { Trans as LinguiTrans, type TransProps } from '@lingui/react'

/**
 * Lingui's `<Trans>` with every text value kept a plain value. Lingui puts a string value into
 * the message and then reads tags in the result, so a customer named `<b>Š</b>` was drawn as markup
 * (and one named `<0>…</0>` could take a component's place). Here each string value goes in as a
 * text node instead. The Lingui macro compiles `<Trans>` to this component (lingui.config.ts).
 */
export function Trans(props: TransProps) {
  if (!props.values) return <LinguiTrans {...props} />
  const values: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(props.values)) {
    values[key] = typeof value === 'string' ? <TextValue text={value} /> : value
  }
  return <LinguiTrans {...props} values={values} />
}

function TextValue({ text }: { text: string }): ReactNode {
  return text
}
