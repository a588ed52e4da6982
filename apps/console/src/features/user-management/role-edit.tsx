import { RoleEdit } from './role-form.tsx';

export default RoleEdit;
