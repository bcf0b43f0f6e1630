/** Words the customer generator (seed-customers.ts) makes its Serbian and Montenegrin people of. */

export const maleNames = [
  'Marko',
  'Nikola',
  'Stefan',
  'Luka',
  'Miloš',
  'Đorđe',
  'Dušan',
  'Nemanja',
  'Vuk',
  'Filip',
  'Aleksa',
  'Lazar',
  'Petar',
  'Jovan',
  'Vladimir',
  'Željko',
  'Živko',
  'Boško',
  'Čedomir',
  'Dražen',
  'Branko',
  'Goran',
  'Srđan',
  'Vojislav',
] as const

export const femaleNames = [
  'Milica',
  'Jelena',
  'Ana',
  'Jovana',
  'Marija',
  'Teodora',
  'Ivana',
  'Sanja',
  'Dragana',
  'Tijana',
  'Nataša',
  'Snežana',
  'Željka',
  'Đurđina',
  'Katarina',
  'Sofija',
  'Anđela',
  'Ljiljana',
  'Bojana',
  'Gordana',
  'Mirjana',
  'Vesna',
  'Danica',
  'Kristina',
] as const

export const serbianSurnames = [
  'Petrović',
  'Jovanović',
  'Nikolić',
  'Marković',
  'Đorđević',
  'Stojanović',
  'Ilić',
  'Stanković',
  'Pavlović',
  'Milošević',
  'Savić',
  'Živković',
  'Kovačević',
  'Šarić',
  'Lazarević',
  'Matić',
  'Čolić',
  'Ćirić',
  'Tešić',
  'Kostić',
  'Mijatović',
  'Đurić',
  'Žarković',
  'Radosavljević',
] as const

export const montenegrinSurnames = [
  'Vujošević',
  'Radulović',
  'Šćepanović',
  'Bošković',
  'Đukanović',
  'Perović',
  'Božović',
  'Vujović',
  'Lakić',
  'Popović',
  'Vuković',
  'Knežević',
  'Mugoša',
  'Raičević',
  'Đurović',
  'Medojević',
] as const

export const emailDomains: Record<'RS' | 'ME', readonly string[]> = {
  RS: ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'eunet.rs', 'mts.rs', 'sbb.rs'],
  ME: ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 't-com.me', 'live.com'],
}

/** [city, street] pairs by country. */
export const streets: Record<'RS' | 'ME', readonly (readonly [string, string])[]> = {
  RS: [
    ['Beograd', 'Bulevar kralja Aleksandra'],
    ['Beograd', 'Njegoševa'],
    ['Beograd', 'Cara Dušana'],
    ['Novi Sad', 'Bulevar oslobođenja'],
    ['Novi Sad', 'Zmaj Jovina'],
    ['Niš', 'Obrenovićeva'],
    ['Kragujevac', 'Kneza Miloša'],
    ['Čačak', 'Gradsko šetalište'],
    ['Subotica', 'Korzo'],
  ],
  ME: [
    ['Podgorica', 'Hercegovačka'],
    ['Podgorica', 'Bulevar Džordža Vašingtona'],
    ['Nikšić', 'Njegoševa'],
    ['Budva', 'Mediteranska'],
    ['Bar', 'Bulevar revolucije'],
    ['Herceg Novi', 'Njegoševa'],
    ['Kotor', 'Stari grad'],
  ],
}

export const deviceColors = [
  'Pebble Grey',
  'Aspen Green',
  'Sunset Red',
  'Midnight Black',
  'Azure Blue',
  'Silver',
  'Gold',
] as const

export const orderStatuses = ['Isporučeno', 'Poslato', 'U obradi', 'Otkazano', 'Vraćeno'] as const

export const ecommerceStatusNames = [
  'Registrovan nalog',
  'Potvrđena email adresa',
  'Prva kupovina na sajtu',
  'Napuštena korpa',
  'Prijavljen na novosti',
  'Odjavljen sa novosti',
] as const

export const communicationSubjects = [
  'Dobrodošlica u program',
  'Rođendanski poklon',
  'Podsetnik: poeni uskoro ističu',
  'Novi ukusi u ponudi',
  'Anketa o zadovoljstvu',
  'Poziv na servis uređaja',
  'Vaš vaučer za preporuku',
] as const

export const serviceSubjects = [
  'Uređaj se ne puni',
  'Oštećen držač',
  'Greška pri zagrevanju',
  'Baterija brzo prazni',
  'Zamena punjača',
] as const

export const serviceStatuses = ['Otvoren', 'U obradi', 'Rešen', 'Zatvoren'] as const

export const reclamationItems = ['Uređaj', 'Punjač', 'Držač', 'Kabl za punjenje'] as const

export const reclamationDescriptions = [
  'Uređaj se gasi posle nekoliko sekundi.',
  'Lampica treperi crveno i uređaj ne greje.',
  'Punjač se pregreva tokom punjenja.',
  'Poklopac držača je napukao.',
] as const

export const diagnostics = [
  'Neispravna baterija.',
  'Oštećenje nastalo nepravilnom upotrebom.',
  'Fabrička greška grejnog elementa.',
  'Kvar nije potvrđen, uređaj radi ispravno.',
] as const

export const visitComments = {
  info: ['Pitao za nove ukuse.', 'Interesovao se za program lojalnosti.', 'Pitala za cene.'],
  purchase: ['Kupio paket štapića.', 'Kupila novi uređaj.', 'Kupio punjač i futrolu.'],
  service: ['Doneo uređaj na čišćenje.', 'Uređaj predat na servis.', 'Zamena držača.'],
  reclamation: ['Prijavio kvar na uređaju.', 'Reklamacija na punjač.', 'Vraćen neispravan držač.'],
} as const
