import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * Whether the content of `box` (a table) fits its width. While it does not, the caller draws it
 * another way (cards); the width it needed is kept, so that it comes back as soon as the box is
 * that wide again, and not before (which would switch back and forth).
 */
export function useFitsWidth(box: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(true)
  const needed = useRef(0)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const check = () => {
      if (fits) {
        if (element.scrollWidth <= element.clientWidth + 1) return
        needed.current = element.scrollWidth
        setFits(false)
      } else if (element.clientWidth >= needed.current) {
        setFits(true)
      }
    }
    check()
    const observer = new ResizeObserver(check)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [box, fits])
  return fits
}
