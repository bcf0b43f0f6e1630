import * as v from 'valibot'
import { packTypeSchema, type PackType } from '#contract/catalogue.ts'
import { stickColors } from '#contract/trial-options.ts'
import familiesData from './catalogue-families.json' with { type: 'json' }

/** A brand family as catalogue-families.json lists it. */
const familySchema = v.object({
  type: packTypeSchema,
  name: v.string(),
  colour: v.string(),
  variants: v.array(
    v.object({
      name: v.string(),
      band: v.string(),
      /** `false`: a pack without a picture. */
      image: v.optional(v.literal(false)),
    }),
  ),
})

/**
 * The demo catalogue's brand families (fictional, in catalogue-families.json), each pack a variant
 * with its colour band.
 */
const families = v.parse(v.array(familySchema), familiesData)

export type CataloguePack = {
  type: PackType
  brandFamily: string
  brandName: string
  /** `./packs/<slug>.svg`, or null for a pack without a picture. */
  image: string | null
  /** For the artwork: the family's colour and the variant's band. */
  colour: string
  band: string
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

/** Every pack of the demo catalogue, in a fixed order. */
export const cataloguePacks: readonly CataloguePack[] = families.flatMap((family) =>
  family.variants.map((variant) => {
    const brandName = `${family.name} ${variant.name}`
    return {
      type: family.type,
      brandFamily: family.name,
      brandName,
      image: variant.image === false ? null : `./packs/${slug(brandName)}.svg`,
      colour: family.colour,
      band: variant.band,
    }
  }),
)

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * The sticks' swatches, as the wizard draws them (consumption-order-step.module.css) and the
 * migration that added them (0016) wrote them.
 */
const swatches: Record<(typeof stickColors)[number], string> = {
  tan: '#c9a878',
  gold: '#d4af37',
  silver: '#c0c4c8',
  azure: '#2f80d1',
  purple: '#6f3d9e',
  baize: '#2e6b45',
  burgundy: '#7a1530',
  magenta: '#c2185b',
}

/** One stick per stick colour (`color` is the colour's key), then the devices. */
export const catalogueProducts = [
  ...stickColors.map((color) => ({
    name: `Aurum ${capitalized(color)}`,
    type: 'Stick' as const,
    color,
    swatch: swatches[color],
  })),
  ...['Aura One', 'Aura Duo', 'Aura Prime', 'Aura Lil', 'Aura Pro'].map((name) => ({
    name,
    type: 'Device' as const,
    color: null,
    swatch: null,
  })),
]
