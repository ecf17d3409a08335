export default function WheelPage() {
  return null;
}
