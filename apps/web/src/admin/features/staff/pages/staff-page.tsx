/**
 * The owner's staff page: the members with their role and status (change the role, disable or
 * enable), the open invitations (revoke), and a new invitation with its one-time link.
 */
import { useState } from 'react';
import { STAFF_ROLE_LABELS, type StaffMember } from '@storefront/shared/staff';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { useStaffMember } from '../../../lib/session';
import { useStaffList } from '../api/list-staff';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useUpdateMember } from '../api/update-member';
import { InviteForm } from '../components/invite-form';
import { RoleDialog } from '../components/role-dialog';

type Pending =
  | { kind: 'role'; member: StaffMember }
  | { kind: 'access'; member: StaffMember }
  | { kind: 'revoke'; id: string; email: string };

export function StaffPage() {
  const list = useStaffList();
  const me = useStaffMember();
  const update = useUpdateMember();
  const revoke = useRevokeInvitation();
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);

  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can use the console, and what each may do. Members are never deleted, only disabled, so the audit log always names them."
      />
      <div className="grid gap-6">
        <Panel title="Invite a member">
          <InviteForm />
        </Panel>
        {list.isPending ? (
          <Loading what="the staff" />
        ) : list.isError ? (
          <QueryError error={list.error} what="the staff" />
        ) : (
          <>
            <DataTable caption="Members">
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Email</Th>
                  <Th>Role</Th>
                  <Th>Status</Th>
                  <Th>Joined</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {list.data.staff.map((member) => (
                  <tr key={member.id}>
                    <Td className="font-medium">
                      {member.fullName}
                      {member.id === me.id ? <span className="text-slate-500"> (you)</span> : null}
                    </Td>
                    <Td>{member.email}</Td>
                    <Td>{STAFF_ROLE_LABELS[member.role]}</Td>
                    <Td>
                      {member.disabled ? (
                        <span className="font-medium text-red-700">Disabled</span>
                      ) : (
                        <span className="text-green-800">Active</span>
                      )}
                    </Td>
                    <Td className="whitespace-nowrap">{formatDay(member.createdAt)}</Td>
                    <Td>
                      <div className="flex gap-2 whitespace-nowrap">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Change role of ${member.fullName}`}
                          onClick={() => setPending({ kind: 'role', member })}
                        >
                          Change role
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${member.fullName}`}
                          onClick={() => setPending({ kind: 'access', member })}
                        >
                          {member.disabled ? 'Enable' : 'Disable'}
                        </Button>
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            {list.data.invitations.length === 0 ? (
              <p className="text-sm text-slate-600">No invitation is waiting to be accepted.</p>
            ) : (
              <DataTable caption="Open invitations">
                <thead>
                  <tr>
                    <Th>Email</Th>
                    <Th>Role</Th>
                    <Th>Invited by</Th>
                    <Th>Expires</Th>
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.invitations.map((invitation) => (
                    <tr key={invitation.id}>
                      <Td>{invitation.email}</Td>
                      <Td>{STAFF_ROLE_LABELS[invitation.role]}</Td>
                      <Td>{invitation.invitedBy}</Td>
                      <Td className="whitespace-nowrap">{formatDateTime(invitation.expiresAt)}</Td>
                      <Td>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Revoke the invitation of ${invitation.email}`}
                          onClick={() =>
                            setPending({
                              kind: 'revoke',
                              id: invitation.id,
                              email: invitation.email,
                            })
                          }
                        >
                          Revoke
                        </Button>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </>
        )}
      </div>
      {pending?.kind === 'role' ? <RoleDialog member={pending.member} onClose={close} /> : null}
      <ConfirmDialog
        open={pending?.kind === 'access'}
        onOpenChange={(open) => !open && close()}
        title={
          pending?.kind === 'access'
            ? `${pending.member.disabled ? 'Enable' : 'Disable'} ${pending.member.fullName}`
            : ''
        }
        description={
          pending?.kind === 'access' && !pending.member.disabled
            ? 'They are signed out everywhere and cannot sign in until enabled again. Their open invitations are revoked.'
            : 'They can sign in again with their password and second factor.'
        }
        confirmLabel={pending?.kind === 'access' && !pending.member.disabled ? 'Disable' : 'Enable'}
        variant={pending?.kind === 'access' && !pending.member.disabled ? 'destructive' : 'primary'}
        onConfirm={async () => {
          if (pending?.kind !== 'access') return;
          const disabled = !pending.member.disabled;
          await update.mutateAsync({ id: pending.member.id, disabled });
          toast({ title: `${pending.member.fullName} is ${disabled ? 'disabled' : 'enabled'}` });
        }}
      />
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        onOpenChange={(open) => !open && close()}
        title="Revoke invitation"
        description={
          pending?.kind === 'revoke' ? `The setup link sent to ${pending.email} stops working.` : ''
        }
        confirmLabel="Revoke"
        variant="destructive"
        onConfirm={async () => {
          if (pending?.kind !== 'revoke') return;
          await revoke.mutateAsync(pending.id);
          toast({ title: 'Invitation revoked' });
        }}
      />
    </>
  );
}
