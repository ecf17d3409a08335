export default function TextsPage() {
  return null;
}
