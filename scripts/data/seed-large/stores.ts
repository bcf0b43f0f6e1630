import { dayMs } from '../../../server/demo/seed-random.ts'
import { type Country, type Store, historyStart, streamOf, streams } from './authors.ts'
import type { CopyWriter } from './copy.ts'
import { counts } from './options.ts'

/* The table `stores`: generated stores in Serbia and Montenegro. */

const places: Record<Country, { cities: readonly string[]; streets: readonly string[] }> = {
  RS: {
    cities: [
      'Beograd',
      'Beograd',
      'Beograd',
      'Novi Sad',
      'Novi Sad',
      'Niš',
      'Kragujevac',
      'Subotica',
      'Čačak',
      'Zrenjanin',
      'Pančevo',
      'Kraljevo',
      'Smederevo',
      'Leskovac',
      'Valjevo',
      'Šabac',
      'Užice',
      'Sombor',
    ],
    streets: [
      'Njegoševa',
      'Kralja Petra',
      'Svetog Save',
      'Vuka Karadžića',
      'Karađorđeva',
      'Cara Dušana',
      'Kneza Miloša',
      'Bulevar oslobođenja',
      'Nemanjina',
      'Trg slobode',
      'Glavna',
      'Vojvode Mišića',
      'Kralja Milana',
      'Železnička',
    ],
  },
  ME: {
    cities: [
      'Podgorica',
      'Podgorica',
      'Nikšić',
      'Budva',
      'Bar',
      'Herceg Novi',
      'Kotor',
      'Tivat',
      'Cetinje',
      'Bijelo Polje',
      'Pljevlja',
      'Ulcinj',
    ],
    streets: [
      'Njegoševa',
      'Slobode',
      'Bulevar Svetog Petra Cetinjskog',
      'Hercegovačka',
      'Vaka Đurovića',
      'Mediteranska',
      'Bulevar revolucije',
      'Obala',
      'Njegoševa',
      'Crnogorskih serdara',
    ],
  },
}
const storePrefixes = [
  'Trafika',
  'Duvan Centar',
  'Tobacco Point',
  'Kiosk',
  'Duvan Shop',
  'Tobacco Corner',
  'Duvan Ekspres',
]

export function* storeRows(out: CopyWriter, made: Store[]) {
  const names = new Set<string>()
  for (let number = 1; number <= counts.stores; number += 1) {
    const random = streamOf(streams.store, number)
    const country: Country = random.chance(0.7) ? 'RS' : 'ME'
    const { cities, streets } = places[country]
    const city = random.pick(cities)
    const street = random.pick(streets)
    const prefix = random.pick(storePrefixes)
    let house = random.int(1, 150)
    while (names.has(`${prefix} ${street} ${house}, ${city}`)) house += 1
    names.add(`${prefix} ${street} ${house}, ${city}`)
    const name = `${prefix} ${street} ${house}`
    const id = out.nextId()
    const createdAt = new Date(historyStart - random.int(60, 400) * dayMs)
    out.write([id, name, `${street} ${house}`, city, country, createdAt, null])
    made.push({ id, name, country })
    yield
  }
}
