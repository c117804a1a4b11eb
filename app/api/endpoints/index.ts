import { follow, followers, unfollow } from './follows'

/** Every endpoint of the registry, by id (decisions/0062). */
export const endpoints = { follow, unfollow, followers }

export type Endpoints = typeof endpoints
