import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * A box that scrolls sideways when its content (a wide table) does not fit. Only while it does
 * scroll is it a focusable, named group, so that keyboard users can scroll it too (WCAG 2.1.1,
 * axe `scrollable-region-focusable`) without an extra tab stop when everything fits.
 */
export function ScrollArea({
  labelledBy,
  className,
  children,
}: {
  /** The id of the heading that names the content. */
  labelledBy: string
  className?: string | undefined
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(box)
    if (box.firstElementChild) observer.observe(box.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={ref}
      className={className}
      {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-labelledby': labelledBy } : {})}
    >
      {children}
    </div>
  )
}
