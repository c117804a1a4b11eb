import {
  confirmationResend,
  logIn,
  logOut,
  passwordChange,
  passwordReset,
  passwordResetRequest,
  signUp,
  signupComplete,
  signupEmailCheck,
  signupSubdomainCheck,
} from './accounts'
import { apiKeyCreate, apiKeyRevoke } from './api-keys'
import {
  articleComment,
  articleCommunities,
  articleDelete,
  articleEdit,
  articlePreview,
  articlePublish,
  articleVote,
  commentDelete,
  commentReply,
} from './articles'
import { claimPerson, claimUndo, mergeConfirm, mergeProve, reviewAccept, reviewRefuse } from './claims'
import { suspensionAdd } from './deadlines'
import { follow, followers, unfollow } from './follows'
import {
  deadlineFeedReplace,
  deadlineReminders,
  intimationCorrect,
  intimationFulfil,
  oabMonitoring,
} from './intimations'
import {
  lawsuitMonitoring,
  monitoringHitDismiss,
  nameMonitoring,
  webhookRemove,
  webhookResend,
  webhookSave,
  webhookTest,
} from './monitoring'
import {
  emailPreferences,
  notificationRead,
  notifications,
  notificationsCount,
  notificationsReadAll,
  notificationsViewAll,
  unsubscribe,
  unsubscribeOneClick,
} from './notifications'
import { company, decision, directory, gazetteArticle, lawsuit, person, search, statuteArticle } from './open'
import { profilePhoto } from './photo'
import { professionalMessage, professionSave, profileSave, revealPhones } from './profiles'
import { cities, cityByIp, communities, courses, institutions, occupations, specialties } from './reference'
import { removalDeindex, removalMask, removalRefuse, removalRequest } from './removal'
import { shareCount, shareRecord, trackEvent } from './shares'
import { health, siteSearch } from './site-search'
import { sourceRetry } from './sources'
import { suggestions } from './suggestions'
import { followingDelete, messagesDelete, monitoringsDelete } from './tables'

/** Every endpoint of the registry, by id (decisions/0062). */
export const endpoints = {
  follow,
  unfollow,
  followers,
  notifications,
  notificationsCount,
  notificationsViewAll,
  notificationsReadAll,
  notificationRead,
  emailPreferences,
  unsubscribe,
  unsubscribeOneClick,
  shareCount,
  shareRecord,
  trackEvent,
  suggestions,
  followingDelete,
  messagesDelete,
  monitoringsDelete,
  profilePhoto,
  apiKeyCreate,
  apiKeyRevoke,
  search,
  lawsuit,
  gazetteArticle,
  decision,
  statuteArticle,
  person,
  company,
  directory,
  lawsuitMonitoring,
  nameMonitoring,
  monitoringHitDismiss,
  webhookSave,
  webhookRemove,
  webhookTest,
  webhookResend,
  // Intimações by OAB and deadlines (issue 41).
  oabMonitoring,
  intimationCorrect,
  intimationFulfil,
  deadlineFeedReplace,
  deadlineReminders,
  siteSearch,
  health,
  articleCommunities,
  articlePublish,
  articlePreview,
  articleEdit,
  articleDelete,
  articleVote,
  articleComment,
  commentReply,
  commentDelete,
  logIn,
  logOut,
  signUp,
  signupComplete,
  signupEmailCheck,
  signupSubdomainCheck,
  confirmationResend,
  passwordChange,
  passwordResetRequest,
  passwordReset,
  removalRequest,
  removalDeindex,
  removalMask,
  removalRefuse,
  // Claims, merge and review (decisions/0070).
  claimPerson,
  claimUndo,
  mergeProve,
  mergeConfirm,
  reviewAccept,
  sourceRetry,
  reviewRefuse,
  // Deadlines: the courts' declared suspensions (issue 41).
  suspensionAdd,
  // Reference lists, cities and selects (decisions/0070).
  cities,
  institutions,
  occupations,
  communities,
  specialties,
  cityByIp,
  courses,
  // Profiles: phones, the message, the Perfil and Profissão tabs (decisions/0070).
  revealPhones,
  professionalMessage,
  profileSave,
  professionSave,
}

export type Endpoints = typeof endpoints
