import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from 'react'
import { peopleOnTablet, subscribePeople } from '../../api/people.ts'

const PeopleList = lazy(async () => ({ default: (await import('./people-list.tsx')).PeopleList }))

/**
 * The tablet's people (people-list.tsx), whose code comes only to a tablet that has others than
 * `except`: a tablet of one person, the most common, never loads it.
 */
export function LazyPeopleList(props: ComponentProps<typeof PeopleList>) {
  const people = useSyncExternalStore(subscribePeople, peopleOnTablet)
  if (!people.some((person) => person.id !== props.except)) return null
  return (
    <Suspense fallback={null}>
      <PeopleList {...props} />
    </Suspense>
  )
}
