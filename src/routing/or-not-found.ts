import { notFound } from '@tanstack/react-router'
import { ApiError } from '../api/api-error.ts'

/** A route loader's fetch of a record: one the server does not know (404) is the not-found page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound({ throw: true })
    throw error
  }
}
