import type { PackType } from '../../src/contract/catalogue.ts'
import { stickColors } from '../../src/contract/trial-options.ts'

type Variant = { name: string; band: string; image?: false }
type Family = { type: PackType; name: string; colour: string; variants: Variant[] }

/** The demo catalogue's brand families (fictional), each pack a variant with its colour band. */
const families: readonly Family[] = [
  {
    type: 'HTS',
    name: 'Aurum',
    colour: '#1f2a44',
    variants: [
      { name: 'Gold', band: '#d4a017' },
      { name: 'Silver', band: '#b8bcc2' },
      { name: 'Amber', band: '#e08a1e' },
      { name: 'Turquoise', band: '#1aa6a6' },
      { name: 'Bronze', band: '#a0642c', image: false },
    ],
  },
  {
    type: 'HTS',
    name: 'Nordic',
    colour: '#e9eef2',
    variants: [
      { name: 'Frost', band: '#9fd3ea' },
      { name: 'Mint', band: '#3fbf8f' },
      { name: 'Blue', band: '#2f6fd1' },
      { name: 'Arctic', band: '#5b7c99' },
    ],
  },
  {
    type: 'HTS',
    name: 'Velora',
    colour: '#3b1d2e',
    variants: [
      { name: 'Ruby', band: '#b3173a' },
      { name: 'Sienna', band: '#a0522d' },
      { name: 'Cream', band: '#f3e5c0' },
      { name: 'Noir', band: '#111111' },
      { name: 'Rose', band: '#e58fa8' },
      { name: 'Tropic', band: '#f28c28', image: false },
    ],
  },
  {
    type: 'HTS',
    name: 'Terra',
    colour: '#4a5a3a',
    variants: [
      { name: 'Oak', band: '#7a5230' },
      { name: 'Sage', band: '#b5c4a8' },
      { name: 'Clay', band: '#c26a4a' },
      { name: 'Sun', band: '#f2c230' },
    ],
  },
  {
    type: 'RMC',
    name: 'Royal Crest',
    colour: '#7d0f1a',
    variants: [
      { name: 'Red', band: '#d7263d' },
      { name: 'Blue', band: '#1e4fa3' },
      { name: 'Silver', band: '#c0c4c8' },
      { name: 'White', band: '#f5f5f0' },
    ],
  },
  {
    type: 'RMC',
    name: 'Blue Harbor',
    colour: '#0d3b66',
    variants: [
      { name: 'Original', band: '#f4d35e' },
      { name: 'Light', band: '#8ecae6' },
      { name: 'Menthol', band: '#2a9d8f', image: false },
    ],
  },
  {
    type: 'RMC',
    name: 'Monarch',
    colour: '#14110f',
    variants: [
      { name: 'Classic', band: '#c8102e' },
      { name: 'Gold', band: '#c9a227' },
      { name: 'Slims', band: '#9b5de5' },
      { name: 'Nano', band: '#00a6a6', image: false },
      { name: 'Black', band: '#3d3d3d' },
    ],
  },
  {
    type: 'RMC',
    name: 'Drava',
    colour: '#f2efe6',
    variants: [
      { name: 'Red', band: '#c1121f' },
      { name: 'Blue', band: '#003f88' },
      { name: 'Soft', band: '#9a8c98' },
    ],
  },
  {
    type: 'RMC',
    name: 'Kestrel',
    colour: '#2b2d42',
    variants: [
      { name: 'Original', band: '#ef8354' },
      { name: 'Smooth', band: '#8d99ae' },
      { name: 'Fresh', band: '#06d6a0' },
      { name: 'Super Slims', band: '#edf2f4', image: false },
    ],
  },
]

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

/** One stick per stick colour (`color` is the colour's key), then the devices. */
export const catalogueProducts = [
  ...stickColors.map((color) => ({
    name: `Aurum ${capitalized(color)}`,
    type: 'Stick' as const,
    color,
  })),
  ...['Aura One', 'Aura Duo', 'Aura Prime', 'Aura Lil', 'Aura Pro'].map((name) => ({
    name,
    type: 'Device' as const,
    color: null,
  })),
]
