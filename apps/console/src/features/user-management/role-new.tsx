import { RoleNew } from './role-form.tsx';

export default RoleNew;
