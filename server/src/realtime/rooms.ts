/**
 * The socket rooms and what the rest of the server may push through them (`app.realtime`). Server→client
 * events and their payloads are the maps in contracts/socket.ts; who gets an alert is push.ts.
 */
import type { Server } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '../../../contracts/socket';
import { fieldRoom } from './access';

/** Every room a socket can sit in: its user, its session, its role's (coordinator, admins) and the fields it watches. */
export const rooms = {
  field: fieldRoom,
  user: (id: string) => `user:${id}`,
  coordinator: (id: string) => `coordinator:${id}`,
  session: (id: string) => `session:${id}`,
  admins: 'admins',
};

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type Room = ReturnType<IoServer['to']>;

export type Realtime = {
  toField(fieldId: string): Room;
  toUser(userId: string): Room;
  toCoordinator(coordinatorId: string): Room;
  toAdmins(): Room;
  /** Drops every socket signed in with this session (logout, revoke), on every instance. */
  disconnectSession(sessionId: string): void;
  /**
   * Access may have shrunk: re-check, on every instance, the sockets of these sessions (disconnected: they
   * ended), of these users (deactivation, role change) and those watching these farmers' fields
   * (reassignment) or these fields (removal). Sockets whose session died are disconnected; field rooms out
   * of reach are left. Call it after the write has committed; it resolves when every instance answered.
   */
  recheck(change: RecheckChange): Promise<void>;
};

export type RecheckChange = { sessions?: string[]; users?: string[]; farmers?: string[]; fields?: string[] };
