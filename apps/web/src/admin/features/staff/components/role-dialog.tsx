/** Change a member's role; the server ends their sessions, so the new role applies at once. */
import { useState } from 'react';
import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@storefront/shared/staff';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { describeError } from '../../../../lib/api/error-message';
import { Dialog } from '../../../components/dialog';
import { useUpdateMember } from '../api/update-member';

export function RoleDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const update = useUpdateMember();
  const [role, setRole] = useState<StaffRole>(member.role);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Change ${member.fullName}'s role`}
      description="They are signed out everywhere and sign in again with the new role."
    >
      {update.isError ? (
        <ErrorAlert title="Role not changed">{describeError(update.error)}</ErrorAlert>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor="member-role" className="text-sm font-medium text-slate-800">
          Role
        </label>
        <select
          id="member-role"
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          {STAFF_ROLES.map((option) => (
            <option key={option} value={option}>
              {STAFF_ROLE_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={update.isPending || role === member.role}
          onClick={() => update.mutate({ id: member.id, role }, { onSuccess: onClose })}
        >
          Save role
        </Button>
      </div>
    </Dialog>
  );
}
