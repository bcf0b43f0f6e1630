import { call } from '../../api/client.ts'
import type { Edition } from '../../contract/content-edition.ts'
import { contentById } from '../../contract/endpoints/content.ts'

/**
 * An edition, a draft most often, for the wizard's preview (`/free-guided-trial?preview=<id>`):
 * loaded only there, so that the wizard's own code carries none of the administration's calls.
 */
export async function previewEdition(id: number): Promise<Edition> {
  const { data } = await call(contentById, { params: { id } })
  return data
}
