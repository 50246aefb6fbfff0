/** A field picker's options: each field as 'name (FLD…)', its value the database id (or the field id with `by`). */
export function FieldOptions({ fields, by = '_id' }: { fields: readonly { _id: string; fieldId: string; name: string }[]; by?: '_id' | 'fieldId' }) {
  return fields.map((f) => (
    <option key={f._id} value={f[by]}>
      {f.name} ({f.fieldId})
    </option>
  ));
}
