/**
 * The header's layout state (docs/behaviour.md#screens-and-routes): a back button, a colour and
 * whether the header's actions show. Each route may declare its settings in `staticData.layout`; on
 * every navigation the header starts again from the defaults and applies the matched routes'
 * settings, parent first, so nothing a previous screen set survives it.
 */
export const headerColors = ['grey', 'blue', 'green'] as const
export type HeaderColor = (typeof headerColors)[number]

/** `'history'` goes back in history; a path goes to that path. */
export type BackButton = 'history' | `/${string}`

export type LayoutSettings = {
  backButton: BackButton | null
  color: HeaderColor
  showHeaderActions: boolean
}

export type LayoutOverride = {
  backButton?: BackButton | null
  color?: string
  showHeaderActions?: boolean
}

export const defaultLayout: LayoutSettings = {
  backButton: null,
  color: 'blue',
  showHeaderActions: true,
}

export function headerColor(value: string | undefined): HeaderColor {
  return headerColors.find((color) => color === value) ?? 'blue'
}

export function resolveLayout(overrides: readonly (LayoutOverride | undefined)[]): LayoutSettings {
  return overrides.reduce<LayoutSettings>(
    (layout, override) => ({
      backButton: override?.backButton !== undefined ? override.backButton : layout.backButton,
      color: override?.color !== undefined ? headerColor(override.color) : layout.color,
      showHeaderActions: override?.showHeaderActions ?? layout.showHeaderActions,
    }),
    defaultLayout,
  )
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    layout?: LayoutOverride
  }
}
