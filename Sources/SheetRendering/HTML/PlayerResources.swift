/// The player's stylesheet and script (`Resources/player.css`,
/// `Resources/player.js`), built into the library by SwiftPM
/// (`.embedInCode`), so a player is written wherever the binary is.
enum PlayerResources {
    static let css = String(decoding: PackageResources.player_css, as: UTF8.self)
    static let script = String(decoding: PackageResources.player_js, as: UTF8.self)
}
