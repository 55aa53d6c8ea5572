import type { OperatorRole, PlayerDetail } from '@backlay/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { call } from '@/api/client';
import type { ApiError } from '@/api/errors';
import { toApiError } from '@/api/errors';
import { ConfirmBox } from '@/shared/ConfirmBox';
import { ReasonField } from '@/shared/ReasonField';
import { Refusal } from '@/shared/Refusal';
import { useSession } from '@/session/session-store';
import { refreshPlayer } from './keys';

/**
 * Who may lock and unlock a player: support (it is about the account, not money) and the owner,
 * as the server binds `POST /admin/players/lock` (apps/server/src/backoffice/README.md). The server
 * decides; this only hides what a role may not do.
 */
export const LOCK_ROLES: readonly OperatorRole[] = ['owner', 'support'];

// The contract's bounds (PlayerLockInputSchema: trimmed, 3 to 500), with words an operator reads.
const ReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason of at least 3 characters: it is kept in the audit log')
    .max(500, 'The reason is at most 500 characters'),
});

type Player = PlayerDetail['player'];

/** Lock an active player (signed out everywhere at once) or unlock a locked one, with a reason. */
export function LockPanel({ player }: { player: Player }) {
  const role = useSession((s) => s.session?.operator.role);
  if (role == null || !LOCK_ROLES.includes(role)) return null;
  if (player.status === 'pending' || player.status === 'closed') {
    return (
      <p className="notice notice--info player__lock" role="status">
        A {player.status} account can be neither locked nor unlocked
        {player.status === 'pending' ? ' (the mobile number is not verified yet).' : '.'}
      </p>
    );
  }
  return <LockForm key={`${player.id}-${player.status}`} player={player} />;
}

function LockForm({ player }: { player: Player }) {
  const locking = player.status === 'active';
  const verb = locking ? 'Lock' : 'Unlock';
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(ReasonSchema), defaultValues: { reason: '' } });

  const refresh = () => refreshPlayer(queryClient, player.id);

  const mutation = useMutation({
    mutationFn: (reason: string) =>
      call('adminLockPlayer', { body: { userId: player.id, locked: locking, reason } }),
    onMutate: () => setRefusal(null),
    onSuccess: (result) => {
      setConfirming(null);
      reset();
      if (!result.changed) {
        toast.info(`${player.userName} was already ${result.status}: nothing changed.`);
      } else if (locking) {
        toast.success(
          `Locked ${player.userName}: ${result.sessionsRevoked} sign-in session${result.sessionsRevoked === 1 ? '' : 's'} ended.`,
        );
      } else {
        toast.success(`Unlocked ${player.userName}: they may sign in again.`);
      }
      void refresh();
    },
    onError: (thrown) => {
      const error = toApiError(thrown);
      setConfirming(null);
      setRefusal(error);
      toast.error(`${verb} refused: ${error.message}`);
      // A 409 means the account is no longer what the screen shows (closed meanwhile): read it again.
      if (error.status === 409 || error.status === 404) void refresh();
    },
  });

  const id = `lock-reason-${player.id}`;
  return (
    <section className="player__lock" aria-label={`${verb} the player`}>
      {refusal && (
        <Refusal error={refusal} what="lock or unlock players">
          {refusal.status === 409
            ? `${player.userName} cannot be ${locking ? 'locked' : 'unlocked'}: ${refusal.message}`
            : refusal.message}
        </Refusal>
      )}
      <form
        className="decide__form"
        noValidate
        aria-label={`${verb} ${player.userName}`}
        onSubmit={handleSubmit((form) => setConfirming(form.reason.trim()))}
      >
        <ReasonField
          id={id}
          label={`Reason to ${verb.toLowerCase()}`}
          hint={
            locking
              ? 'Kept in the audit log. The player is signed out everywhere at once.'
              : 'Kept in the audit log. The player may sign in again.'
          }
          error={errors.reason}
          maxLength={500}
          rows={2}
          disabled={confirming != null || mutation.isPending}
          registration={register('reason')}
        />
        {confirming == null && (
          <button
            type="submit"
            className={locking ? 'btn btn--reject' : 'btn btn--approve'}
            disabled={mutation.isPending}
          >
            {verb} {player.userName}
          </button>
        )}
      </form>
      {confirming != null && (
        <ConfirmBox
          label={`Confirm: ${verb.toLowerCase()}`}
          confirm={`Yes, ${verb.toLowerCase()}`}
          tone={locking ? 'reject' : 'approve'}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {locking
              ? `Lock ${player.userName}? Every sign-in session of theirs ends now, and they cannot sign in until unlocked.`
              : `Unlock ${player.userName}? They may sign in again.`}
          </p>
        </ConfirmBox>
      )}
    </section>
  );
}
