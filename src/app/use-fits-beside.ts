import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * Whether `text`, on one line, fits in `item` beside the other items of the row `row` (which
 * fills what its own row leaves it). Measured from the text's own width, which does not change
 * while it is hidden, so the answer does not switch back and forth. `key` is what changes the text.
 */
export function useFitsBeside(
  row: RefObject<HTMLElement | null>,
  item: RefObject<HTMLElement | null>,
  text: RefObject<HTMLElement | null>,
  key: string,
): boolean {
  const [fits, setFits] = useState(true)
  // The padding around the text, read once the text shows (hidden, the item may have none).
  const padding = useRef<number | null>(null)
  useLayoutEffect(() => {
    const [box, own, words] = [row.current, item.current, text.current]
    if (!box || !own || !words) return
    const check = () => {
      const items = Array.from(box.children)
      const others = items
        .filter((child) => child !== own)
        .reduce((sum, child) => sum + child.getBoundingClientRect().width, 0)
      const gap = parseFloat(getComputedStyle(box).columnGap) || 0
      const room = box.clientWidth - others - gap * (items.length - 1)
      if (padding.current === null && getComputedStyle(words).position !== 'absolute') {
        const style = getComputedStyle(own)
        padding.current = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)
      }
      setFits(words.scrollWidth + (padding.current ?? 0) <= room + 0.5)
    }
    check()
    const observer = new ResizeObserver(check)
    observer.observe(box)
    for (const child of Array.from(box.children)) if (child !== own) observer.observe(child)
    return () => observer.disconnect()
  }, [row, item, text, key])
  return fits
}
