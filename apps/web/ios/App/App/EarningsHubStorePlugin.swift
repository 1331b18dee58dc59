import Capacitor
import StoreKit

/// In-app purchase of a plan with StoreKit 2 (docs/native.md, decision 0022), called from the web app as
/// `EarningsHubStore` (apps/web/src/platform/native/native-host.ts).
///
/// `purchase({ productId, appAccountToken })` buys the App Store product tagged with the account's
/// `appAccountToken` (GET /api/core/users/me/subscription), so the App Store Server Notification that follows names
/// the account; the server changes the plan from that notification, never from this answer. It resolves
/// `{ outcome: 'purchased' | 'pending' | 'cancelled', productId, transactionId?, originalTransactionId? }`.
@objc(EarningsHubStorePlugin)
public class EarningsHubStorePlugin: CAPPlugin, CAPBridgedPlugin {
    public let identifier = "EarningsHubStorePlugin"
    public let jsName = "EarningsHubStore"
    public let pluginMethods: [CAPPluginMethod] = [
        CAPPluginMethod(name: "purchase", returnType: CAPPluginReturnPromise)
    ]

    private var updates: Task<Void, Never>?

    override public func load() {
        // Transactions that complete outside a purchase call (renewals, Ask to Buy approvals, a purchase the app
        // was closed during) are finished so StoreKit stops delivering them again; the server hears of them from
        // the App Store itself.
        updates = Task.detached {
            for await result in Transaction.updates {
                if case .verified(let transaction) = result {
                    await transaction.finish()
                }
            }
        }
    }

    deinit {
        updates?.cancel()
    }

    @objc func purchase(_ call: CAPPluginCall) {
        guard let productId = call.getString("productId"), !productId.isEmpty else {
            call.reject("productId is required")
            return
        }
        guard let token = call.getString("appAccountToken").flatMap({ UUID(uuidString: $0) }) else {
            call.reject("appAccountToken must be a UUID")
            return
        }
        Task {
            do {
                guard let product = try await Product.products(for: [productId]).first else {
                    call.reject("The App Store has no product \(productId)")
                    return
                }
                switch try await product.purchase(options: [.appAccountToken(token)]) {
                case .success(.verified(let transaction)):
                    await transaction.finish()
                    call.resolve([
                        "outcome": "purchased",
                        "productId": transaction.productID,
                        "transactionId": String(transaction.id),
                        "originalTransactionId": String(transaction.originalID),
                    ])
                case .success(.unverified(_, let error)):
                    call.reject("The App Store's answer did not verify: \(error.localizedDescription)")
                case .pending:
                    call.resolve(["outcome": "pending", "productId": productId])
                case .userCancelled:
                    call.resolve(["outcome": "cancelled", "productId": productId])
                @unknown default:
                    call.resolve(["outcome": "cancelled", "productId": productId])
                }
            } catch {
                call.reject(error.localizedDescription)
            }
        }
    }
}
