/**
 * API payload types, generated from proto-contracts/ (`npm run gen:types`). Only aliases live here: a payload
 * shape is never written by hand.
 */
export type {
  AuthResponse,
  DataOfBool,
  LoginRequest,
  MagicLinkSignIn,
  ResetPasswordRequest,
  SignupRequest,
  ImageCreated,
  ImageType,
  NewProfile,
  NotificationOut,
  PasswordChangeRequest,
  Privacy,
  ProfileDetails,
  ProfileSummary,
  ProfileUpdate,
  Providers,
  ReleaseRequest,
  ReleaseResponse,
  Socials,
  TokenResponse,
  User,
  UserListItem,
  UserUpdate,
  UserWithRefresh,
} from '@contracts/api'
