import Capacitor
import UIKit

/// The app's web view controller: Capacitor's, with the plugins that live in this project registered on it
/// (plugins from npm packages are found by `npx cap sync` and need no line here).
class AppViewController: CAPBridgeViewController {
    override open func capacitorDidLoad() {
        bridge?.registerPluginInstance(EarningsHubStorePlugin())
    }
}
